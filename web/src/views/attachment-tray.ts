// Files waiting to go with the next message: each uploads as soon as it is picked, pasted or
// dropped, shows its progress, then a thumbnail or its name, or the daemon's reason for refusing
// it (too large, not the type it claims, …). Send takes the uploaded ones.
import type { MediaAttachment } from "../../../src/kernel/index.js";
import { h } from "../dom.js";
import { formatBytes } from "../format.js";
import { uploadFile } from "../upload.js";
import { extensionLabel, mediaUrl } from "./attachment-view.js";

interface Entry {
  element: HTMLElement;
  done: Promise<void>;
  media: MediaAttachment | null;
  failed: boolean;
}

export class AttachmentTray {
  readonly element: HTMLElement;
  private entries: Entry[] = [];

  constructor(private readonly onChange: () => void = () => {}) {
    this.element = h("ul", {
      class: "attachment-tray",
      hidden: true,
      "aria-label": "Files to send",
    });
  }

  /** Starts uploading each file. */
  add(files: Iterable<File>): void {
    for (const file of files) this.entries.push(this.upload(file));
    this.render();
  }

  isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /** Waits for the uploads under way; then takes the uploaded files out of the tray. */
  async take(): Promise<{ media: MediaAttachment[]; restore(): void }> {
    await Promise.all(this.entries.map((entry) => entry.done));
    const taken = this.entries.filter((entry) => entry.media !== null);
    this.entries = this.entries.filter((entry) => entry.media === null);
    this.render();
    return {
      media: taken.map((entry) => entry.media as MediaAttachment),
      restore: () => {
        this.entries = [...taken, ...this.entries];
        this.render();
      },
    };
  }

  /** How many files the daemon refused (they stay until removed, their reason shown). */
  failedCount(): number {
    return this.entries.filter((entry) => entry.failed).length;
  }

  private render(): void {
    this.element.replaceChildren(...this.entries.map((entry) => entry.element));
    this.element.hidden = this.entries.length === 0;
    this.onChange();
  }

  private upload(file: File): Entry {
    const name = h("span", { class: "upload-name" }, file.name || "pasted file");
    const progress = h("progress", { max: 1, value: 0, "aria-label": `Uploading ${file.name}` });
    const status = h("span", { class: "upload-status" }, `${formatBytes(file.size)} · uploading…`);
    const remove = h(
      "button",
      { type: "button", class: "upload-remove", "aria-label": `Remove ${file.name}` },
      "×",
    );
    const preview = h(
      "span",
      { class: "upload-preview", "aria-hidden": "true" },
      extensionLabel(file.name),
    );
    const body = h("span", { class: "upload-body" }, name, status, progress);
    const element = h("li", { class: "upload uploading" }, preview, body, remove);
    const entry: Entry = { element, media: null, failed: false, done: Promise.resolve() };
    remove.addEventListener("click", () => {
      this.entries = this.entries.filter((other) => other !== entry);
      this.render();
    });
    entry.done = uploadFile(file, (share) => {
      progress.value = share;
      status.textContent = `${formatBytes(file.size)} · ${Math.round(share * 100)}%`;
    }).then(
      (media) => {
        entry.media = media;
        element.className = "upload ready";
        progress.remove();
        status.textContent = `${formatBytes(media.bytes)} · ready`;
        if (media.kind === "image")
          preview.replaceChildren(h("img", { src: mediaUrl(media), alt: "" }));
      },
      (error: unknown) => {
        entry.failed = true;
        element.className = "upload failed";
        progress.remove();
        status.textContent = error instanceof Error ? error.message : String(error);
        status.setAttribute("role", "alert");
        this.onChange();
      },
    );
    return entry;
  }
}
