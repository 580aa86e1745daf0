package veil.export;

import java.util.ArrayList;
import java.util.List;

/** A helper relation: its name and the context variables it takes before its own arguments. */
record Rel(String name, List<String> fv) {
  String call(String... out) {
    return call(List.of(out));
  }

  String call(List<String> out) {
    List<String> args = new ArrayList<>(fv);
    args.addAll(out);
    return Program.atom(name, args);
  }
}
