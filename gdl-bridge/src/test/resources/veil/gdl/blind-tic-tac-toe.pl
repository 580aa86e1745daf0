% Blind Tic-Tac-Toe as printed in the GGP book, chapter 17.3 (infix form), with line and open from chapter 2
% and (goal random 0) for strict mode.

    role(white)
    role(black)
    role(random)

    index(1)
    index(2)
    index(3)

    base(cell(M,N,x)) :- index(M) & index(N)
    base(cell(M,N,o)) :- index(M) & index(N)
    base(cell(M,N,b)) :- index(M) & index(N)

    base(tried(white,M,N)) :- index(M) & index(N)
    base(tried(black,M,N)) :- index(M) & index(N)

    init(cell(1,1,b))
    init(cell(1,2,b))
    init(cell(1,3,b))
    init(cell(2,1,b))
    init(cell(2,2,b))
    init(cell(2,3,b))
    init(cell(3,1,b))
    init(cell(3,2,b))
    init(cell(3,3,b))

    input(white,mark(M,N)) :- index(M) & index (N)
    input(black,mark(M,N)) :- index(M) & index (N)

    input(random,tiebreak(x))
    input(random,tiebreak(o))

    legal(white,mark(X,Y)) :-
      index(X) &
      index(Y) &
      ~true(tried(white,X,Y))

    legal(black,mark(X,Y)) :-
      index(X) &
      index(Y) &
      ~true(tried(black,X,Y))

    legal(random,tiebreak(x))
    legal(random,tiebreak(o))

    ; any new attempt to mark a cell is recorded
    next(tried(W,M,N)) :-
      does(W,mark(M,N))

    ; all recorded attempts are remembered
    next(tried(W,M,N)) :-
      true(tried(W,M,N))

    next(cell(M,N,x)) :-
      does(white,mark(M,N)) &
      true(cell(M,N,b)) &
      does(black,mark(J,K)) &
      distinct(M,J)

    next(cell(M,N,x)) :-
      does(white,mark(M,N)) &
      true(cell(M,N,b)) &
      does(black,mark(J,K)) &
      distinct(N,K)

    next(cell(M,N,o)) :-
      does(black,mark(M,N)) &
      true(cell(M,N,b)) &
      does(white,mark(J,K)) &
      distinct(M,J)

    next(cell(M,N,o)) :-
      does(black,mark(M,N)) &
      true(cell(M,N,b)) &
      does(white,mark(J,K)) &
      distinct(N,K)

    next(cell(M,N,W)) :-
      true(cell(M,N,b)) &
      does(white,mark(M,N)) &
      does(black,mark(M,N)) &
      does(random,tiebreak(W))

    next(cell(M,N,x)) :-
      true(cell(M,N,x))

    next(cell(M,N,o)) :-
      true(cell(M,N,o))

    next(cell(M,N,b)) :-
      true(cell(M,N,b)) &
      ~marked(M,N)

    marked(M,N) :-
      does(W,mark(M,N))

    percept(white,ok)
    percept(black,ok)

    sees(R,ok) :-
      does(R,mark(M,N)) &
      true(cell(M,N,b)) &
      does(S,mark(J,K)) &
      distinct(M,J)

    sees(R,ok) :-
      does(R,mark(M,N)) &
      true(cell(M,N,b)) &
      does(S,mark(J,K)) &
      distinct(N,K)

    sees(white,ok) :-
      does(white,mark(M,N)) &
      true(cell(M,N,b)) &
      does(random,tiebreak(x))

    sees(black,ok) :-
      does(black,mark(M,N)) &
      true(cell(M,N,b)) &
      does(random,tiebreak(o))

    terminal :- line(x)
    terminal :- line(o)
    terminal :- ~open

    goal(white,100) :- line(x) & ~line(o)
    goal(white, 50) :- line(x) & line(o)
    goal(white, 50) :- ~open & ~line(x) & ~line(o)
    goal(white,  0) :- ~line(x) & line(o)

    goal(black,100) :- ~line(x) & line(o)
    goal(black, 50) :- line(x) & line(o)
    goal(black, 50) :- ~open & ~line(x) & ~line(o)
    goal(black,  0) :- line(x) & ~line(o)

    goal(random, 0)

    row(M,X) :- true(cell(M,1,X)) & true(cell(M,2,X)) & true(cell(M,3,X))
    column(N,X) :- true(cell(1,N,X)) & true(cell(2,N,X)) & true(cell(3,N,X))
    diagonal(X) :- true(cell(1,1,X)) & true(cell(2,2,X)) & true(cell(3,3,X))
    diagonal(X) :- true(cell(1,3,X)) & true(cell(2,2,X)) & true(cell(3,1,X))
    line(X) :- row(M,X) | column(M,X) | diagonal(X)
    open :- true(cell(M,N,b))
