package veil.ai.sample;

/** Pearson's chi-square goodness-of-fit test, with the p-value from the regularized incomplete gamma function. */
public final class ChiSquare {
  private ChiSquare() {}

  /** The result of a test: statistic, degrees of freedom, p-value (chance of a larger statistic under H0). */
  public record Result(double statistic, int degreesOfFreedom, double pValue) {}

  /**
   * Tests observed counts against expected probabilities. Categories with expected count below 5 are pooled into
   * one (the usual validity condition of the approximation).
   */
  public static Result test(long[] observed, double[] probabilities) {
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    double stat = 0;
    int cells = 0;
    double pooledExpected = 0;
    long pooledObserved = 0;
    for (int i = 0; i < observed.length; i++) {
      double e = probabilities[i] * n;
      if (e < 5) {
        pooledExpected += e;
        pooledObserved += observed[i];
      } else {
        stat += (observed[i] - e) * (observed[i] - e) / e;
        cells++;
      }
    }
    if (pooledExpected > 0) {
      stat += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
      cells++;
    } else if (pooledObserved > 0) {
      return new Result(Double.POSITIVE_INFINITY, Math.max(1, cells - 1), 0);
    }
    int dof = Math.max(1, cells - 1);
    return new Result(stat, dof, upperTail(dof, stat));
  }

  /** P(X > x) for X chi-square with k degrees of freedom. */
  public static double upperTail(int k, double x) {
    if (x <= 0) {
      return 1;
    }
    return regularizedGammaQ(k / 2.0, x / 2.0);
  }

  static double regularizedGammaQ(double a, double x) {
    if (x < a + 1) {
      // Series for P(a, x).
      double sum = 1 / a;
      double term = sum;
      for (int n = 1; n < 10_000; n++) {
        term *= x / (a + n);
        sum += term;
        if (Math.abs(term) < Math.abs(sum) * 1e-15) {
          break;
        }
      }
      return 1 - sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
    }
    // Continued fraction for Q(a, x) (modified Lentz).
    double tiny = 1e-300;
    double b = x + 1 - a;
    double c = 1 / tiny;
    double d = 1 / b;
    double h = d;
    for (int i = 1; i < 10_000; i++) {
      double an = -i * (i - a);
      b += 2;
      d = an * d + b;
      if (Math.abs(d) < tiny) {
        d = tiny;
      }
      c = b + an / c;
      if (Math.abs(c) < tiny) {
        c = tiny;
      }
      d = 1 / d;
      double delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1) < 1e-15) {
        break;
      }
    }
    return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
  }

  /** Lanczos approximation of ln Γ(x), x > 0. */
  static double logGamma(double x) {
    double[] g = {
      676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
      -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7
    };
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    x -= 1;
    double a = 0.99999999999980993;
    double t = x + 7.5;
    for (int i = 0; i < 8; i++) {
      a += g[i] / (x + i + 1);
    }
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
  }
}
