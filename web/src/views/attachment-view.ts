// A message's files in the chat (SPEC §15): an image as a thumbnail that opens full size, a voice
// note or audio file as a player with its transcript, a document as a chip with name, size and a
// link. Files come from GET /media/<id>.<ext> (cookie auth, same origin).
import type { MediaAttachment } from "../../../src/kernel/index.js";
import { h } from "../dom.js";
import { formatBytes } from "../format.js";

/** The page's address of a stored file (`.kern/media/<id>.<ext>` → `/media/<id>.<ext>`). */
export function mediaUrl(attachment: Pick<MediaAttachment, "file">): string {
  return `/media/${encodeURIComponent(attachment.file.split("/").at(-1) ?? "")}`;
}

function duration(seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function imageView(attachment: MediaAttachment, url: string): HTMLElement {
  return h(
    "a",
    {
      class: "attachment image",
      href: url,
      target: "_blank",
      rel: "noopener",
      title: attachment.name,
    },
    h("img", { src: url, alt: attachment.name, loading: "lazy", decoding: "async" }),
  );
}

function audioView(attachment: MediaAttachment, url: string): HTMLElement {
  const label = attachment.kind === "voice" ? "Voice note" : attachment.name;
  return h(
    "figure",
    { class: "attachment audio" },
    h("audio", { controls: true, preload: "metadata", src: url, "aria-label": label }),
    h(
      "figcaption",
      null,
      h(
        "span",
        { class: "attachment-label" },
        [label, duration(attachment.durationSeconds)].filter(Boolean).join(" · "),
      ),
      attachment.transcript ? h("p", { class: "transcript" }, attachment.transcript) : null,
    ),
  );
}

function documentView(attachment: MediaAttachment, url: string): HTMLElement {
  const pages = attachment.pages;
  const details = [
    formatBytes(attachment.bytes),
    pages === undefined ? null : `${pages} ${pages === 1 ? "page" : "pages"}`,
  ].filter(Boolean);
  return h(
    "a",
    {
      class: "attachment document",
      href: url,
      target: "_blank",
      rel: "noopener",
      title: `Open ${attachment.name}`,
    },
    h("span", { class: "document-icon", "aria-hidden": "true" }, extensionLabel(attachment.name)),
    h(
      "span",
      { class: "document-text" },
      h("span", { class: "document-name" }, attachment.name),
      h("span", { class: "document-details" }, details.join(" · ")),
    ),
  );
}

/** `PDF`, `TXT`, `OGG`: a file's extension for its icon. */
export function extensionLabel(name: string): string {
  const extension = name.includes(".") ? (name.split(".").at(-1) ?? "") : "";
  return (extension || "file").slice(0, 4).toUpperCase();
}

function attachmentElement(attachment: MediaAttachment): HTMLElement {
  const url = mediaUrl(attachment);
  switch (attachment.kind) {
    case "image":
      return imageView(attachment, url);
    case "voice":
    case "audio":
      return audioView(attachment, url);
    case "document":
      return documentView(attachment, url);
    default: {
      const unreachable: never = attachment.kind;
      return h("span", null, String(unreachable));
    }
  }
}

/** The files of one message, or null when it has none. */
export function attachmentList(
  attachments: readonly MediaAttachment[] | undefined,
): HTMLElement | null {
  if (!attachments?.length) return null;
  return h("div", { class: "attachments" }, attachments.map(attachmentElement));
}
