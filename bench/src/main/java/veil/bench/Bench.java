package veil.bench;

public final class Bench {
  public static void main(String[] args) {}
}
