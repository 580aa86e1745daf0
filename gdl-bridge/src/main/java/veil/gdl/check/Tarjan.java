package veil.gdl.check;

/** Strongly connected components of a directed graph, without recursion (graphs may have millions of nodes). */
public final class Tarjan {
  private Tarjan() {}

  /**
   * Returns the component number of every node. Components are numbered in the order Tarjan's algorithm closes
   * them, so every edge u→v has {@code comp[v] <= comp[u]}: dependencies come first.
   */
  public static int[] components(int[][] adj) {
    int n = adj.length;
    int[] index = new int[n];
    int[] low = new int[n];
    int[] comp = new int[n];
    boolean[] onStack = new boolean[n];
    java.util.Arrays.fill(index, -1);
    int[] stack = new int[n];
    int sp = 0;
    int[] callNode = new int[n];
    int[] callEdge = new int[n];
    int counter = 0;
    int comps = 0;
    for (int root = 0; root < n; root++) {
      if (index[root] >= 0) {
        continue;
      }
      int depth = 0;
      callNode[0] = root;
      callEdge[0] = 0;
      index[root] = low[root] = counter++;
      stack[sp++] = root;
      onStack[root] = true;
      while (depth >= 0) {
        int u = callNode[depth];
        if (callEdge[depth] < adj[u].length) {
          int v = adj[u][callEdge[depth]++];
          if (index[v] < 0) {
            index[v] = low[v] = counter++;
            stack[sp++] = v;
            onStack[v] = true;
            depth++;
            callNode[depth] = v;
            callEdge[depth] = 0;
          } else if (onStack[v]) {
            low[u] = Math.min(low[u], index[v]);
          }
        } else {
          if (low[u] == index[u]) {
            int w;
            do {
              w = stack[--sp];
              onStack[w] = false;
              comp[w] = comps;
            } while (w != u);
            comps++;
          }
          depth--;
          if (depth >= 0) {
            int parent = callNode[depth];
            low[parent] = Math.min(low[parent], low[u]);
          }
        }
      }
    }
    return comp;
  }
}
