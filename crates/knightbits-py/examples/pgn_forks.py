"""Read a game with python-chess, then ask knightbits about every position of it: the side to
move's legal knight moves and its knight forks (against king, queen and rooks).

    python crates/knightbits-py/examples/pgn_forks.py [GAME.pgn]
"""

import io
import sys

import chess
import chess.pgn

import knightbits

# The Blackburne Shilling gambit: 5. Nxf7 forks the queen on g5 and the rook on h8.
PGN = """[Event "Blackburne Shilling Gambit"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1
"""


def main(pgn_text):
    game = chess.pgn.read_game(io.StringIO(pgn_text))
    board = game.board()
    for move in game.mainline_moves():
        pos = knightbits.Position(board)  # read through the board's bitboards, no FEN
        forks = pos.forks()
        side = "white" if board.turn else "black"
        line = f"{board.fullmove_number:>2}. {side:<5} knight moves {len(pos.legal_moves()):>2}"
        if forks.moves:
            line += f"  forks {' '.join(forks.moves)} (squares {chess.SquareSet(forks.squares)!r})"
        print(f"{line}  played {board.san(move)}")
        board.push(move)


if __name__ == "__main__":
    main(open(sys.argv[1]).read() if len(sys.argv) > 1 else PGN)
