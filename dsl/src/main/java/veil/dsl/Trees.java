package veil.dsl;

import java.util.ArrayDeque;
import java.util.List;

/** Whole-tree questions about nodes, answered iteratively so any depth is safe. */
public final class Trees {
  private Trees() {}

  /** Whether two trees have the same shape and contents, whatever their positions. */
  public static boolean equalIgnoringPos(Node a, Node b) {
    ArrayDeque<Node> left = new ArrayDeque<>();
    ArrayDeque<Node> right = new ArrayDeque<>();
    left.push(a);
    right.push(b);
    while (!left.isEmpty()) {
      Node x = left.pop();
      Node y = right.pop();
      if (x == y) {
        continue;
      }
      if (x == null || y == null || x.getClass() != y.getClass()) {
        return false;
      }
      if (x instanceof Node.Call c) {
        if (!pushPairs(left, right, c.items(), ((Node.Call) y).items())) {
          return false;
        }
      } else if (x instanceof Node.Braces br) {
        if (!pushPairs(left, right, br.items(), ((Node.Braces) y).items())) {
          return false;
        }
      } else if (x instanceof Node.Named nm) {
        Node.Named other = (Node.Named) y;
        if (!nm.name().equals(other.name())) {
          return false;
        }
        left.push(nm.value());
        right.push(other.value());
      } else if (x instanceof Node.Sym s) {
        if (!s.name().equals(((Node.Sym) y).name())) {
          return false;
        }
      } else if (x instanceof Node.Str s) {
        if (!s.value().equals(((Node.Str) y).value())) {
          return false;
        }
      } else if (x instanceof Node.Int i) {
        if (i.value() != ((Node.Int) y).value()) {
          return false;
        }
      } else if (x instanceof Node.Range r) {
        Node.Range other = (Node.Range) y;
        if (r.from() != other.from() || r.to() != other.to()) {
          return false;
        }
      }
    }
    return true;
  }

  /** Element-wise {@link #equalIgnoringPos} of two lists of trees. */
  public static boolean equalIgnoringPos(List<? extends Node> a, List<? extends Node> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int k = 0; k < a.size(); k++) {
      if (!equalIgnoringPos(a.get(k), b.get(k))) {
        return false;
      }
    }
    return true;
  }

  private static boolean pushPairs(ArrayDeque<Node> left, ArrayDeque<Node> right, List<Node> xs, List<Node> ys) {
    if (xs.size() != ys.size()) {
      return false;
    }
    for (int k = 0; k < xs.size(); k++) {
      left.push(xs.get(k));
      right.push(ys.get(k));
    }
    return true;
  }

  /** How many nodes the tree has, counting a shared subtree once per place it occurs. */
  public static long size(Node root) {
    long count = 0;
    ArrayDeque<Node> work = new ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      Node x = work.pop();
      count++;
      children(x, work);
    }
    return count;
  }

  /** The nesting depth: 1 for a leaf, 1 + the deepest child for a list, call or name:value. */
  public static int depth(Node root) {
    int deepest = 0;
    ArrayDeque<Node> nodes = new ArrayDeque<>();
    ArrayDeque<Integer> depths = new ArrayDeque<>();
    nodes.push(root);
    depths.push(1);
    while (!nodes.isEmpty()) {
      Node x = nodes.pop();
      int d = depths.pop();
      deepest = Math.max(deepest, d);
      int before = nodes.size();
      children(x, nodes);
      for (int k = nodes.size() - before; k > 0; k--) {
        depths.push(d + 1);
      }
    }
    return deepest;
  }

  private static void children(Node x, ArrayDeque<Node> out) {
    if (x instanceof Node.Call c) {
      c.items().forEach(out::push);
    } else if (x instanceof Node.Braces b) {
      b.items().forEach(out::push);
    } else if (x instanceof Node.Named nm) {
      out.push(nm.value());
    }
  }
}
