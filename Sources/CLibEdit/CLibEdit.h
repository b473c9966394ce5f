// Swift's view of Debian's libedit (`libedit-dev`): the native EditLine and History API,
// plus small wrappers for the calls Swift cannot make itself.
//
// `el_wset`, `el_wget` and `history_w` are C variadic functions, which Swift cannot call.
// Each wrapper below fixes one operation's argument list, so Swift sees an ordinary
// function. Only the wide-character API is wrapped: the shell decodes its own input and
// hands libedit `wchar_t`, so input never goes through the locale's multibyte decoder.

#ifndef SLUICE_CLIBEDIT_H
#define SLUICE_CLIBEDIT_H

#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <wchar.h>

/// A function bound to a key: returns one of the `CC_*` codes.
typedef unsigned char (*sluice_el_command_t)(EditLine *, int);
/// The function libedit calls for the prompt's text.
typedef wchar_t *(*sluice_el_prompt_t)(EditLine *);

// MARK: - Editing

/// Sets the prompt function; characters between two `escape` characters in its text are
/// printed but take no room on screen (for color sequences).
static inline int sluice_el_set_prompt(EditLine *el, sluice_el_prompt_t prompt, wchar_t escape) {
  return el_wset(el, EL_PROMPT_ESC, prompt, escape);
}

/// Chooses the key bindings: `L"emacs"` or `L"vi"`.
static inline int sluice_el_set_editor(EditLine *el, const wchar_t *mode) {
  return el_wset(el, EL_EDITOR, mode);
}

/// Names the terminal type, whose capabilities libedit uses to draw (`"xterm"`).
static inline int sluice_el_set_terminal(EditLine *el, const char *type) {
  return el_wset(el, EL_TERMINAL, type);
}

/// Whether libedit installs its own signal handlers while reading.
static inline int sluice_el_set_signal(EditLine *el, int handle) {
  return el_wset(el, EL_SIGNAL, handle);
}

/// Replaces the function that reads one character of input.
static inline int sluice_el_set_getc(EditLine *el, el_rfunc_t read_char) {
  return el_wset(el, EL_GETCFN, read_char);
}

/// Attaches an opaque pointer for callbacks to find their owner.
static inline int sluice_el_set_clientdata(EditLine *el, void *data) {
  return el_wset(el, EL_CLIENTDATA, data);
}

/// The pointer attached with `sluice_el_set_clientdata`.
static inline void *sluice_el_clientdata(EditLine *el) {
  void *data = NULL;
  el_wget(el, EL_CLIENTDATA, &data);
  return data;
}

/// Connects a history: up and down arrows and searches walk it.
static inline int sluice_el_set_history(EditLine *el, HistoryW *history) {
  return el_wset(el, EL_HIST, history_w, history);
}

/// Registers `command` under `name`, so keys can be bound to it.
static inline int sluice_el_add_command(
  EditLine *el, const wchar_t *name, const wchar_t *help, sluice_el_command_t command
) {
  return el_wset(el, EL_ADDFN, name, help, command);
}

/// Binds `key` (in `bind` notation, such as `L"^I"`) to a command by name.
static inline int sluice_el_bind(EditLine *el, const wchar_t *key, const wchar_t *command) {
  return el_wset(el, EL_BIND, key, command, (const wchar_t *)NULL);
}

/// Changes one terminal setting used while editing, such as `L"-isig"`.
static inline int sluice_el_set_tty(EditLine *el, const wchar_t *setting) {
  return el_wset(el, EL_SETTY, L"-d", setting, (const wchar_t *)NULL);
}

/// Redraws the prompt and the line, assuming the cursor is at the start of an empty row.
static inline int sluice_el_refresh(EditLine *el) {
  return el_wset(el, EL_REFRESH);
}

// MARK: - History

/// Sets how many entries the history keeps; older ones are dropped.
static inline int sluice_history_set_size(HistoryW *history, int size) {
  HistEventW event;
  return history_w(history, &event, H_SETSIZE, size);
}

/// Whether an entry equal to the previous one is left out.
static inline int sluice_history_set_unique(HistoryW *history, int unique) {
  HistEventW event;
  return history_w(history, &event, H_SETUNIQUE, unique);
}

/// Adds an entry.
static inline int sluice_history_enter(HistoryW *history, const wchar_t *line) {
  HistEventW event;
  return history_w(history, &event, H_ENTER, line);
}

/// The number of entries.
static inline int sluice_history_count(HistoryW *history) {
  HistEventW event;
  if (history_w(history, &event, H_GETSIZE) < 0) return -1;
  return event.num;
}

/// Adds the entries saved in the file at `path`.
static inline int sluice_history_load(HistoryW *history, const char *path) {
  HistEventW event;
  return history_w(history, &event, H_LOAD, path);
}

/// Writes every entry to the file at `path`.
static inline int sluice_history_save(HistoryW *history, const char *path) {
  HistEventW event;
  return history_w(history, &event, H_SAVE, path);
}

/// Forgets every entry.
static inline int sluice_history_clear(HistoryW *history) {
  HistEventW event;
  return history_w(history, &event, H_CLEAR);
}

#endif
