//! Sizes that stay: no source file of the server (`src/`) or of the auction runtime
//! (`actors/src/`) over 400 lines, and no function over 80, so that each reads in one sitting.
//! A module that grows past either splits into files named for what they do (a child module
//! keeps its parent's private fields in reach). The web app has the same rule
//! (`web/src/sizes.test.ts`). Texts in many languages are data (tables), not functions.

use std::path::{Path, PathBuf};

/// Lines a source file may have.
const FILE_LINES: usize = 400;
/// Lines a function may span, from its `fn` to its closing brace.
const FN_LINES: usize = 80;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source directory reads") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with comments, strings and character literals blanked (newlines kept), so that only
/// code's braces and words remain, each on its own line.
fn code_only(text: &str) -> Vec<char> {
    let c: Vec<char> = text.chars().collect();
    let mut out = c.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for ch in &mut out[from..to.min(c.len())] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
    };
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut i = 0;
    while i < c.len() {
        let start = i;
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (at(i + 1) == '"' || at(i + 1) == '#')
            && (i == 0 || !is_word(c[i - 1]) || (c[i - 1] == 'b' && (i < 2 || !is_word(c[i - 2]))))
        {
            // A raw string: r"…", r#"…"#.
            let mut hashes = 0;
            i += 1;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            if at(i) != '"' {
                continue;
            }
            i += 1;
            while i < c.len() && !(c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#')) {
                i += 1;
            }
            i += 1 + hashes;
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c[i] == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal; otherwise a lifetime.
            i += if at(i + 1) == '\\' { 3 } else { 2 };
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else {
            i += 1;
            continue;
        }
        blank(&mut out, start, i);
    }
    out
}

fn is_word(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// Every function with a body in `code`: (name, the line of its `fn`, the lines it spans).
fn functions(code: &[char]) -> Vec<(String, usize, usize)> {
    let line_at = |i: usize| code[..i].iter().filter(|&&ch| ch == '\n').count() + 1;
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < code.len() {
        let keyword = code[i] == 'f'
            && code[i + 1] == 'n'
            && !is_word(code[i + 2])
            && (i == 0 || !is_word(code[i - 1]));
        if !keyword {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        while j < code.len() && code[j].is_whitespace() {
            j += 1;
        }
        let name: String = code[j..].iter().take_while(|&&ch| is_word(ch)).collect();
        if name.is_empty() {
            // A function pointer type, `fn(u32) -> u32`.
            i = j;
            continue;
        }
        // The body opens at the first `{` outside the parameters' parentheses (a pattern there
        // may destructure a struct); a `;` first means a declaration without a body.
        let (mut parens, mut k) = (0i32, j + name.len());
        while k < code.len() {
            match code[k] {
                '(' | '[' => parens += 1,
                ')' | ']' => parens -= 1,
                '{' | ';' if parens == 0 => break,
                _ => {}
            }
            k += 1;
        }
        if k < code.len() && code[k] == '{' {
            let mut depth = 0;
            let mut end = k;
            while end < code.len() {
                match code[end] {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                end += 1;
            }
            let (first, last) = (line_at(i), line_at(end.min(code.len() - 1)));
            found.push((name, first, last - first + 1));
        }
        i = j;
    }
    found
}

#[test]
fn no_file_over_400_lines_and_no_function_over_80() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "actors/src"] {
        sources(&root.join(dir), &mut files);
    }
    files.sort();
    assert!(files.len() > 100, "the sources are found ({})", files.len());
    let mut over = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source reads");
        let shown = file.strip_prefix(root).unwrap_or(file).display().to_string();
        let lines = text.lines().count();
        if lines > FILE_LINES {
            over.push(format!("{shown}: {lines} lines (at most {FILE_LINES})"));
        }
        for (name, line, span) in functions(&code_only(&text)) {
            if span > FN_LINES {
                over.push(format!("{shown}:{line}: fn {name} spans {span} lines (at most {FN_LINES})"));
            }
        }
    }
    assert!(over.is_empty(), "too long; split by what each part does:\n{}", over.join("\n"));
}

#[test]
fn the_scanner_sees_bodies_not_strings_or_comments() {
    let text = "fn a() {\n    let s = \"fn b() {\";\n    // fn c() {\n}\nfn d(x: fn(u32) -> u32, S { y }: S) -> u32 {\n    x(y)\n}\ntrait T { fn e(&self); }\n";
    let found = functions(&code_only(text));
    let names: Vec<(&str, usize, usize)> = found.iter().map(|(n, l, s)| (n.as_str(), *l, *s)).collect();
    assert_eq!(names, vec![("a", 1, 4), ("d", 5, 3)]);
}
