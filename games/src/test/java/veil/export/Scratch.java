package veil.export;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;

public class Scratch {
  public static void main(String[] args) throws Exception {
    String name = args[0];
    int n = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    Path p = Path.of("games/src/main/resources/veil/games/lud/" + name + ".lud");
    long t0 = System.nanoTime();
    GdlExport.Exported e = GdlExport.export(p.toString(), Files.readString(p), Map.of());
    long t1 = System.nanoTime();
    Files.writeString(Path.of("/tmp/" + name + ".kif"), e.kif());
    System.out.println("exported " + e.groundHint() + " rules in " + (t1 - t0) / 1e6 + " ms, families " + e.families());
    KifGame k = new KifLoader().load(name + ".kif", e.kif(), Map.of("mode", "strict"));
    long t2 = System.nanoTime();
    System.out.println("loaded: ground rules " + k.groundRuleCount() + " in " + (t2 - t1) / 1e6 + " ms");
    Lockstep.Result r = Lockstep.run(e.game(), k, n, 1, e::facts, k::trueFacts);
    long t3 = System.nanoTime();
    System.out.println("lockstep " + r.playouts() + " playouts, " + r.steps() + " steps in " + (t3 - t2) / 1e6 + " ms");
    if (!r.ok()) {
      System.out.println(r.mismatch().describe("native", "gdl"));
    }
  }
}
