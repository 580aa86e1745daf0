; Tic-tac-toe in the infix form of GDL (the GGP book, chapter 2)
role(xplayer)
role(oplayer)

index(1)
index(2)
index(3)

base(cell(M,N,x)) :- index(M) & index(N)
base(cell(M,N,o)) :- index(M) & index(N)
base(cell(M,N,b)) :- index(M) & index(N)
base(control(xplayer))
base(control(oplayer))

input(R,mark(M,N)) :- role(R) & index(M) & index(N)
input(R,noop) :- role(R)

init(cell(1,1,b))
init(cell(1,2,b))
init(cell(1,3,b))
init(cell(2,1,b))
init(cell(2,2,b))
init(cell(2,3,b))
init(cell(3,1,b))
init(cell(3,2,b))
init(cell(3,3,b))
init(control(xplayer))

legal(W,mark(X,Y)) :- true(cell(X,Y,b)) & true(control(W))
legal(xplayer,noop) :- true(control(oplayer))
legal(oplayer,noop) :- true(control(xplayer))

next(cell(M,N,x)) :- does(xplayer,mark(M,N)) & true(cell(M,N,b))
next(cell(M,N,o)) :- does(oplayer,mark(M,N)) & true(cell(M,N,b))
next(cell(M,N,W)) :- true(cell(M,N,W)) & distinct(W,b)
next(cell(M,N,b)) :- does(W,mark(J,K)) & true(cell(M,N,b)) & distinct(M,J)
next(cell(M,N,b)) :- does(W,mark(J,K)) & true(cell(M,N,b)) & distinct(N,K)
next(control(xplayer)) :- true(control(oplayer))
next(control(oplayer)) :- true(control(xplayer))

symbol(x)
symbol(o)
row(M,W) :- symbol(W) & true(cell(M,1,W)) & true(cell(M,2,W)) & true(cell(M,3,W))
column(N,W) :- symbol(W) & true(cell(1,N,W)) & true(cell(2,N,W)) & true(cell(3,N,W))
diagonal(W) :- symbol(W) & true(cell(1,1,W)) & true(cell(2,2,W)) & true(cell(3,3,W))
diagonal(W) :- symbol(W) & true(cell(1,3,W)) & true(cell(2,2,W)) & true(cell(3,1,W))
line(W) :- row(M,W)
line(W) :- column(N,W)
line(W) :- diagonal(W)
open :- true(cell(M,N,b))

goal(xplayer,100) :- line(x)
goal(xplayer,50) :- ~line(x) & ~line(o) & ~open
goal(xplayer,0) :- line(o)
goal(oplayer,100) :- line(o)
goal(oplayer,50) :- ~line(x) & ~line(o) & ~open
goal(oplayer,0) :- line(x)

terminal :- line(x) | line(o)
terminal :- ~open
