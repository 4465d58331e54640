//! The `svg` format: pieces on the solution cells, regions, holes, values, escaping.

use super::*;

/// Parses an SVG line and returns its pieces' 1-based (row, col), checking
/// the document is well-formed.
pub(super) fn svg_pieces(svg: &str) -> Vec<(usize, usize, bool)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("piece")))
        .map(|n| {
            let at = |a: &str| n.attribute(a).unwrap().parse::<usize>().unwrap();
            let given = n.attribute("class") == Some("piece given");
            (at("data-row"), at("data-col"), given)
        })
        .collect()
}

#[test]
fn svg_pieces_sit_on_the_solution_cells() {
    let (m, v) = matrix();
    let cases: [(Problem, Option<&[Option<Value>]>); 4] = [
        (queens4(), None),
        (holes_and_givens(), None),
        (regions(), None),
        (m, Some(&v)),
    ];
    for (p, values) in &cases {
        let text = print(Format::Svg, p, *values);
        let solutions: Vec<Solution> = p.clone().plan().solutions(false).collect();
        assert_eq!(text.lines().count(), solutions.len());
        for (line, s) in text.lines().zip(&solutions) {
            let pieces = svg_pieces(line);
            let want: Vec<(usize, usize, bool)> = s
                .cells
                .iter()
                .map(|&(r, c)| (r + 1, c + 1, p.givens.contains(&p.cell(r, c))))
                .collect();
            assert_eq!(pieces, want);
            // The file form is the same picture over several lines.
            let doc = svg_document(p, *values, s);
            assert_eq!(doc.replace('\n', ""), line);
            assert_eq!(svg_pieces(&doc), want);
        }
    }
}

#[test]
fn svg_draws_regions_holes_and_values() {
    let p = regions();
    let s = p.clone().plan().first().unwrap();
    let doc = svg_document(&p, None, &s);
    let xml = roxmltree::Document::parse(&doc).unwrap();
    let fills: std::collections::BTreeSet<&str> = xml
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|n| n.attribute("fill").unwrap())
        .collect();
    assert_eq!(fills.len(), 4, "one colour per region");
    assert!(
        xml.descendants()
            .any(|n| n.attribute("class") == Some("regions"))
    );

    let (m, v) = matrix();
    let s = m.clone().plan().first().unwrap();
    let doc = svg_document(&m, Some(&v), &s);
    let xml = roxmltree::Document::parse(&doc).unwrap();
    let holes = xml
        .descendants()
        .filter(|n| n.attribute("class") == Some("hole"))
        .count();
    assert_eq!(holes, 1);
    let values: Vec<&str> = xml
        .descendants()
        .filter(|n| n.attribute("class") == Some("value"))
        .map(|n| n.text().unwrap())
        .collect();
    assert_eq!(values, ["5", "3", "12", "7", "1", "4", "2.5", "-1"]);
}

#[test]
fn svg_escapes_the_symbol_and_name() {
    let p = bind(
        "name = \"a<b&c\"\n[board]\nrows = 2\n[piece]\nsymbol = \"&\"\ncount = 1\n",
        &[],
    );
    let text = print(Format::Svg, &p, None);
    for line in text.lines() {
        let doc = roxmltree::Document::parse(line).unwrap();
        assert!(doc.descendants().any(|n| n.text() == Some("&")));
    }
}

#[test]
fn svg_of_a_matrix_shows_labels_sum_and_chosen_cells() {
    use crate::matrix::{Layout, Matrix};
    let text = ",a&b,y,z\nr1,1,2,3\nr2,4,5,6\nr3,7,8,9.5\n";
    let layout = Layout {
        header: true,
        labels: true,
        ..Layout::default()
    };
    let m = Matrix::parse_with(text, layout).unwrap();
    let p = Problem::from_matrix("m", &m);
    let values = p.values().unwrap().to_vec();
    let s = Solution {
        cells: vec![(0, 1), (1, 0), (2, 2)],
    };
    let doc = svg_document(&p, Some(&values), &s);
    let xml = roxmltree::Document::parse(&doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
    let texts = |class: &str| -> Vec<String> {
        xml.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| n.text().unwrap().to_string())
            .collect()
    };
    assert_eq!(texts("label"), ["r1", "r2", "r3", "a&b", "y", "z"]);
    assert_eq!(texts("sum"), ["sum 15.5"]);
    let chosen: Vec<(f64, f64)> = xml
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell chosen"))
        .map(|n| {
            let at = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            (at("x"), at("y"))
        })
        .collect();
    assert_eq!(chosen.len(), 3);
    // every label and cell lies inside the picture
    let root = xml.root_element();
    let (w, h) = (
        root.attribute("width").unwrap().parse::<f64>().unwrap(),
        root.attribute("height").unwrap().parse::<f64>().unwrap(),
    );
    for n in xml.descendants().filter(|n| n.has_attribute("x")) {
        let x: f64 = n.attribute("x").unwrap().parse().unwrap();
        let y: f64 = n.attribute("y").unwrap().parse().unwrap();
        assert!(
            x >= 0.0 && x < w && y >= 0.0 && y < h,
            "{x},{y} outside {w}×{h}"
        );
    }
    // the row labels sit left of the first column, the column labels above the first row
    let first_cell = chosen.iter().map(|&(x, _)| x).fold(f64::MAX, f64::min);
    assert!(first_cell > 8.0);
}
