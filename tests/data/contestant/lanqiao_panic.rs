use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let rows: Vec<&str> = text.split_whitespace().collect();
    let cell = rows[9].as_bytes()[0];
    println!("{}", cell);
}
