package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;

/** A helper relation: its name and the context variables it takes before its own arguments. */
public record Rel(String name, List<String> fv) {
  public String call(String... out) {
    return call(List.of(out));
  }

  public String call(List<String> out) {
    List<String> args = new ArrayList<>(fv);
    args.addAll(out);
    return Program.atom(name, args);
  }
}
