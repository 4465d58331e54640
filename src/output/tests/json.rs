//! The `json` format: lines, parsing back, big counts.

use super::*;

#[test]
fn json_lines() {
    insta::assert_snapshot!(print(Format::Json, &queens4(), None), @r#"
    {"cells":[[1,2],[2,4],[3,1],[4,3]]}
    {"cells":[[1,3],[2,1],[3,4],[4,2]]}
    "#);
    assert_eq!(
        print_limit(Format::Json, &holes_and_givens(), None, 1),
        "{\"cells\":[[1,2],[2,1],[3,3],[4,4]]}\n"
    );
    assert_eq!(
        print_limit(Format::Json, &regions(), None, 1),
        "{\"cells\":[[1,2],[2,4],[3,1],[4,3]]}\n"
    );
    let (p, v) = matrix();
    insta::assert_snapshot!(print(Format::Json, &p, Some(&v)), @r#"
    {"cells":[[1,1],[2,2],[3,3]],"values":[5,1,-1],"sum":5}
    {"cells":[[1,2],[2,1],[3,3]],"values":[3,7,-1],"sum":9}
    {"cells":[[1,2],[2,3],[3,1]],"values":[3,4,2.5],"sum":9.5}
    {"cells":[[1,3],[2,2],[3,1]],"values":[12,1,2.5],"sum":15.5}
    "#);
}

#[test]
fn json_lines_parse_back() {
    let (p, v) = matrix();
    for line in print(Format::Json, &p, Some(&v)).lines() {
        let obj: serde_json::Value = serde_json::from_str(line).unwrap();
        let values = obj["values"].as_array().unwrap();
        let sum: f64 = values.iter().map(|x| x.as_f64().unwrap()).sum();
        assert_eq!(obj["sum"].as_f64(), Some(sum));
        assert_eq!(obj["cells"].as_array().unwrap().len(), values.len());
    }
}

#[test]
fn json_count_line_takes_big_numbers() {
    assert_eq!(count_line(92), r#"{"count":92}"#);
    assert_eq!(
        count_line(u128::MAX),
        r#"{"count":340282366920938463463374607431768211455}"#
    );
    let mut out = Vec::new();
    write_count(&mut out, Format::Json, &Exact::from(0)).unwrap();
    write_count(&mut out, Format::Tuple, &Exact::from(u128::MAX)).unwrap();
    assert_eq!(
        out,
        b"{\"count\":0}\n340282366920938463463374607431768211455\n"
    );
}
