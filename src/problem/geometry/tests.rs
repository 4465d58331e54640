//! Tests of the board's geometry: attacks, row forms and lines.

use super::*;

const LINES: [Lines; 4] = [
    Lines {
        row: true,
        column: true,
        diagonal: true,
        anti_diagonal: true,
    },
    Lines {
        row: false,
        column: false,
        diagonal: true,
        anti_diagonal: false,
    },
    Lines {
        row: false,
        column: true,
        diagonal: false,
        anti_diagonal: true,
    },
    Lines {
        row: false,
        column: false,
        diagonal: false,
        anti_diagonal: false,
    },
];

/// The attack relation written out plainly, cell against cell, by
/// walking each line and leap step by step (no residues, no offsets list).
fn walked(g: &Geometry, a: (usize, usize), b: (usize, usize)) -> bool {
    let (rows, cols) = (g.rows as i64, g.cols as i64);
    let at = |r: i64, c: i64| {
        if g.wrap {
            Some((r.rem_euclid(rows) as usize, c.rem_euclid(cols) as usize))
        } else if (0..rows).contains(&r) && (0..cols).contains(&c) {
            Some((r as usize, c as usize))
        } else {
            None
        }
    };
    let l = g.lines;
    let (r0, c0) = (a.0 as i64, a.1 as i64);
    let steps = [
        (l.row, (0, 1)),
        (l.column, (1, 0)),
        (l.diagonal, (1, 1)),
        (l.anti_diagonal, (1, -1)),
    ];
    for (on, (dr, dc)) in steps {
        for sign in [1, -1].into_iter().filter(|_| on) {
            for k in 1..=rows * cols {
                match at(r0 + sign * k * dr, c0 + sign * k * dc) {
                    Some(x) if x == b => return true,
                    Some(_) => {}
                    None => break,
                }
            }
        }
    }
    g.leaps.iter().any(|&(p, q)| {
        let (p, q) = (p as i64, q as i64);
        [(p, q), (q, p)].into_iter().any(|(x, y)| {
            [(x, y), (x, -y), (-x, y), (-x, -y)]
                .into_iter()
                .any(|(x, y)| at(r0 + x, c0 + y) == Some(b))
        })
    })
}

/// The pairwise relation, the row form and a step-by-step walk agree on
/// plain boards and tori, square and not.
#[test]
fn relation_row_form_and_walk_agree() {
    let leap_sets: [&[(usize, usize)]; 3] = [&[], &[(1, 2)], &[(0, 1), (1, 1), (0, 3)]];
    for (rows, cols) in [(1, 1), (1, 5), (4, 4), (3, 5), (6, 4), (5, 5), (2, 7)] {
        for wrap in [false, true] {
            for (k, lines) in LINES.into_iter().enumerate() {
                let g = Geometry {
                    rows,
                    cols,
                    wrap,
                    lines,
                    leaps: leap_sets[k % 3],
                };
                let form = g.row_form();
                for a in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                    let cells = form.cells(a);
                    for b in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                        let expect = a == b || walked(&g, a, b);
                        let what = format!("{rows}x{cols} wrap {wrap} {lines:?} {a:?} {b:?}");
                        assert_eq!(a == b || g.attacks(a, b), expect, "{what}");
                        assert_eq!(cells.contains(&b), expect, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn offsets_are_every_mirror_image_once() {
    let g = Geometry {
        rows: 8,
        cols: 8,
        wrap: false,
        lines: Lines::default(),
        leaps: &[(1, 2), (0, 1), (1, 2)],
    };
    let o = g.offsets();
    assert_eq!(o.len(), 8 + 4);
    assert!(o.contains(&(-2, 1)) && o.contains(&(0, -1)) && !o.contains(&(0, 0)));
}

#[test]
fn lines_are_numbered_from_the_corners() {
    let g = Geometry {
        rows: 3,
        cols: 4,
        wrap: false,
        lines: Lines::default(),
        leaps: &[],
    };
    assert_eq!(g.line(Family::Diagonal, 0, 3), Some(0));
    assert_eq!(g.line(Family::AntiDiagonal, 2, 3), Some(5));
    assert_eq!(g.line(Family::Region, 0, 0), None);
    let t = Geometry {
        rows: 4,
        cols: 6,
        wrap: true,
        ..g
    };
    assert_eq!(t.line(Family::Diagonal, 2, 1), Some(1));
}
