//! The keyboard focus on an X server with no window manager.
//!
//! Asking for the focus (egui's `ViewportCommand::Focus`) asks the window manager; with none
//! (a bare X server, a kiosk, Xvfb) nobody answers and the keys go nowhere until the window is
//! focused by hand. There the app sets the focus itself, as a window manager would.

use raw_window_handle::{HasWindowHandle, RawWindowHandle};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, InputFocus};
use x11rb::{CURRENT_TIME, NONE};

/// Gives `window` the keyboard focus if it is an X11 window and no window manager runs.
/// Quietly does nothing otherwise, or when the X server refuses (the window not mapped yet:
/// the caller tries again on a later frame).
pub fn focus_without_window_manager(window: &impl HasWindowHandle) {
    let Some(id) = x11_window(window) else {
        return;
    };
    let Ok((conn, screen)) = x11rb::connect(None) else {
        return;
    };
    let Some(root) = conn.setup().roots.get(screen).map(|s| s.root) else {
        return;
    };
    if window_manager_runs(&conn, root) {
        return;
    }
    if let Ok(cookie) = conn.set_input_focus(InputFocus::PARENT, id, CURRENT_TIME) {
        let _ = cookie.check();
    }
}

fn x11_window(window: &impl HasWindowHandle) -> Option<u32> {
    match window.window_handle().ok()?.as_raw() {
        RawWindowHandle::Xlib(handle) => u32::try_from(handle.window).ok(),
        RawWindowHandle::Xcb(handle) => Some(handle.window.get()),
        _ => None,
    }
}

/// A window manager that follows the desktop conventions names its check window on the root.
fn window_manager_runs(conn: &impl Connection, root: u32) -> bool {
    let Ok(atom) = conn
        .intern_atom(true, b"_NET_SUPPORTING_WM_CHECK")
        .map_err(drop)
        .and_then(|cookie| cookie.reply().map_err(drop))
    else {
        return false;
    };
    if atom.atom == NONE {
        return false;
    }
    conn.get_property(false, root, atom.atom, AtomEnum::WINDOW, 0, 1)
        .ok()
        .and_then(|cookie| cookie.reply().ok())
        .is_some_and(|reply| reply.value_len > 0)
}
