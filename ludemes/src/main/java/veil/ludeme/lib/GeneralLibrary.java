package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.ludeme.compile.Ludeme;

/** The general ludemes: arithmetic, conditions, variables, players, moves, outcomes, boards. */
public final class GeneralLibrary {
  private GeneralLibrary() {}

  public static List<Ludeme> all() {
    List<Ludeme> out = new ArrayList<>();
    out.addAll(Arithmetic.all());
    out.addAll(Compare.all());
    out.addAll(Logic.all());
    out.add(new Not());
    out.addAll(Quantifier.all());
    out.add(new Same());
    out.addAll(Conditional.all());
    out.addAll(Variable.all());
    out.add(new VarDecl());
    out.addAll(Counters.all());
    out.addAll(Seat.all());
    out.add(new ForEachPlayer());
    out.addAll(TurnControl.all());
    out.add(new Tell());
    out.addAll(MoveAlternatives.all());
    out.add(new Pass());
    out.add(new Choose());
    out.add(new Result());
    out.addAll(ByScore.all());
    out.add(new Payoff());
    out.add(new ByTeam());
    out.add(new Board());
    out.add(new Line());
    out.add(new Full());
    out.add(new Claim());
    out.addAll(Betting.all());
    out.add(new Match());
    out.addAll(Extremum.all());
    return out;
  }
}
