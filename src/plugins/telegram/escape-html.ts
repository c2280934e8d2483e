// Escaping for Telegram HTML: `&`, `<` and `>` are the only characters its parser reserves outside
// attribute values. Pure.

/** Escapes text so Telegram shows it literally under `parse_mode: "HTML"`. */
export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
