//! The score as an Elo difference, with its 95% error bar.

/// `W-L-D = w-l-d, score s%, Elo d ± e (95%)`.
pub fn result_line(wins: usize, losses: usize, draws: usize) -> String {
    let (score, elo, error) = elo(wins, losses, draws);
    let shown = |x: f64, sign: bool| match (x.is_infinite(), sign) {
        (true, true) if x > 0.0 => "+inf".to_string(),
        (true, true) => "-inf".to_string(),
        (true, false) => "inf".to_string(),
        (false, true) => format!("{x:+.1}"),
        (false, false) => format!("{x:.1}"),
    };
    format!(
        "W-L-D = {wins}-{losses}-{draws}, score {:.1}%, Elo {} ± {} (95%)",
        100.0 * score,
        shown(elo, true),
        shown(error, false)
    )
}

pub fn elo_of_score(score: f64) -> f64 {
    match score {
        s if s <= 0.0 => f64::NEG_INFINITY,
        s if s >= 1.0 => f64::INFINITY,
        s => -400.0 * (1.0 / s - 1.0).log10(),
    }
}

/// The score, the Elo difference it means, and half the width of its 95%
/// interval (from the games' spread around the score, a normal
/// approximation: wide for a few dozen games).
pub fn elo(wins: usize, losses: usize, draws: usize) -> (f64, f64, f64) {
    let n = (wins + losses + draws) as f64;
    if n == 0.0 {
        return (0.5, 0.0, f64::INFINITY);
    }
    let score = (wins as f64 + 0.5 * draws as f64) / n;
    let variance = (wins as f64 * (1.0 - score).powi(2)
        + losses as f64 * score.powi(2)
        + draws as f64 * (0.5 - score).powi(2))
        / n;
    let margin = 1.959964 * (variance / n).sqrt();
    let elo = elo_of_score(score);
    if elo.is_infinite() {
        return (score, elo, f64::INFINITY);
    }
    let error = (elo_of_score(score + margin) - elo_of_score(score - margin)) / 2.0;
    (score, if elo.abs() < 0.05 { 0.0 } else { elo }, error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_its_error_bar_match_the_documented_figures() {
        // Two matches the documents report (docs/testing.md and docs/engine.md):
        // 20-10 (+120 ± 142) and 78-39-3 (+117 ± 66).
        let twenty_ten = "W-L-D = 20-10-0, score 66.7%, Elo +120.4 ± 141.8 (95%)";
        assert_eq!(result_line(20, 10, 0), twenty_ten);
        let round_two = "W-L-D = 78-39-3, score 66.2%, Elo +117.2 ± 65.8 (95%)";
        assert_eq!(result_line(78, 39, 3), round_two);
        assert!(result_line(3, 3, 0).contains("Elo +0.0 ± 381.8"));
        assert!(result_line(2, 0, 0).contains("Elo +inf ± inf"));
    }
}
