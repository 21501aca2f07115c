//! Who sits where: a clock by each hand stand naming the side (上手/下手 in a handicap game)
//! and its player, and the same names over the move list.

use super::KomadaiApp;
use crate::gui::board::board_view::BoardLayout;
use crate::gui::ladder::odds;
use crate::gui::panels::clock_view::{self, ClockView};
use crate::i18n::fill;
use crate::rules::Color;
use crate::rules::handicap::Handicap;
use egui::{Rect, Ui, pos2};

impl KomadaiApp {
    /// "You" (or the name the player set) or "AI (Easy)" for a side; in a replay, the
    /// record's player (or nobody named).
    fn who(&self, color: Color) -> String {
        if self.screen.view.is_replaying() {
            let info = self.play.header.as_ref().map(|header| &header.info);
            let name = info.and_then(|info| match color {
                Color::Sente => info.sente.clone(),
                Color::Gote => info.gote.clone(),
            });
            return name.unwrap_or_else(|| "—".to_owned());
        }
        let lang = self.language();
        let t = lang.strings();
        if color == self.play.player {
            let name = self.stored.settings.player_name.get();
            name.unwrap_or(t.you).to_owned()
        } else {
            fill(t.ai_at_level, &[("level", &self.opponent_name())])
        }
    }

    pub(in crate::gui) fn side_name(&self, color: Color) -> &'static str {
        self.language().seat(color, self.is_handicap())
    }

    /// Whether the game shown is a handicap game (its players 上手 and 下手): one set up with
    /// a handicap, or a record or position that starts from one.
    pub(in crate::gui) fn is_handicap(&self) -> bool {
        self.play.odds.and_then(odds::Odds::handicap).is_some()
            || Handicap::of_start(self.play.game.start()).is_some()
    }

    /// The clocks in the free space beside the stands: under the top one, over the bottom one.
    pub(in crate::gui) fn show_clocks(&self, ui: &mut Ui, layout: &BoardLayout, bottom: Color) {
        let gap = layout.geometry.cell().y * 0.15;
        let grid_top = layout.bottom_stand.min.y - layout.geometry.cell().y * 2.4;
        let grid_bottom = layout.top_stand.max.y + layout.geometry.cell().y * 2.4;
        let top = Rect::from_min_max(
            pos2(layout.top_stand.min.x, layout.top_stand.max.y + gap),
            pos2(layout.top_stand.max.x, grid_bottom),
        );
        let low = Rect::from_min_max(
            pos2(layout.bottom_stand.min.x, grid_top),
            pos2(layout.bottom_stand.max.x, layout.bottom_stand.min.y - gap),
        );
        let now = self.host.now();
        let game = &self.play.game;
        for (color, rect) in [(!bottom, top), (bottom, low)] {
            let clock = &self.play.clock;
            let who = self.who(color);
            let view = ClockView {
                color,
                side: self.side_name(color),
                who: &who,
                reading: clock
                    .control(color)
                    .is_limited()
                    .then(|| clock.reading(color, now)),
                to_move: !self.screen.view.is_replaying()
                    && !game.is_over()
                    && game.side_to_move() == color,
                lang: self.language(),
            };
            clock_view::show(ui, rect, &view);
        }
    }

    /// "☗ 下手 Shitate: You · ☖ 上手 Uwate: AI (Easy)" over the move list.
    pub(in crate::gui) fn seats_caption(&self) -> String {
        let t = self.strings();
        let seat = |color: Color, mark: &str| {
            let (side, who) = (self.side_name(color), self.who(color));
            fill(
                t.seat_line,
                &[("mark", &mark), ("side", &side), ("who", &who)],
            )
        };
        format!("{}\n{}", seat(Color::Sente, "☗"), seat(Color::Gote, "☖"))
    }
}
