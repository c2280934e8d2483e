// The message box: Enter sends, Shift+Enter adds a line, typing "/" lists the chat commands. It
// stays usable while a turn runs (new messages queue); the Cancel button stops the running turn.
// Files come with the paperclip button, a paste or a drop (on the whole chat: `addFiles`).
import type { MediaAttachment } from "../../../src/kernel/index.js";
import { commandHints as knownCommands } from "../commands.js";
import { h, svg } from "../dom.js";
import { AttachmentTray } from "./attachment-tray.js";

export interface ComposerOptions {
  /** Sends the text and files; rejects with a message to show when it could not be sent. */
  onSend(text: string, attachments: MediaAttachment[]): Promise<void>;
  onCancel(): void;
}

export interface Composer {
  element: HTMLElement;
  setRunning(running: boolean): void;
  focus(): void;
  /** Uploads files to go with the next message (a drop on the chat). */
  addFiles(files: Iterable<File>): void;
}

const FILE_TYPES = "image/*,audio/*,application/pdf,text/*,.md,.ogg,.opus";

function paperclip(): SVGElement {
  const path =
    "M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5";
  return svg(
    "svg",
    {
      viewBox: "0 0 24 24",
      width: 20,
      height: 20,
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      "aria-hidden": "true",
    },
    svg("path", { d: path }),
  );
}

/** The paperclip button and its hidden file input. */
function attachButton(tray: AttachmentTray): HTMLElement[] {
  const picker = h("input", {
    type: "file",
    multiple: true,
    accept: FILE_TYPES,
    hidden: true,
    class: "file-picker",
  });
  const button = h(
    "button",
    { type: "button", class: "attach", "aria-label": "Attach files", title: "Attach files" },
    paperclip(),
  );
  button.addEventListener("click", () => picker.click());
  picker.addEventListener("change", () => {
    if (picker.files) tray.add(Array.from(picker.files));
    picker.value = "";
  });
  return [picker, button];
}

function commandHints(input: HTMLTextAreaElement): { element: HTMLElement; update(): void } {
  const element = h("ul", { class: "command-hints", hidden: true, role: "listbox" });
  const update = () => {
    const value = input.value;
    const matches =
      value.startsWith("/") && !value.includes(" ")
        ? knownCommands()
            .map((command) => ({ ...command, name: `/${command.name}` }))
            .filter((command) => command.name.startsWith(value))
        : [];
    element.replaceChildren(
      ...matches.map((command) => {
        const item = h("li", { role: "option" }, h("code", null, command.name), " ", command.help);
        item.addEventListener("mousedown", (event) => {
          event.preventDefault(); // keep focus in the input
          input.value = `${command.name} `;
          update();
          input.focus();
        });
        return item;
      }),
    );
    element.hidden = matches.length === 0;
  };
  return { element, update };
}

function autoResize(input: HTMLTextAreaElement): void {
  input.style.height = "auto";
  input.style.height = `${Math.min(input.scrollHeight, 200)}px`;
}

/**
 * The message box's own events: Enter sends (Shift+Enter and an IME's Enter do not), Esc hides
 * the command hints, a pasted file goes to the tray, and typing resizes the box and its hints.
 */
function listenToInput(
  input: HTMLTextAreaElement,
  parts: {
    submit: () => Promise<void>;
    hints: ReturnType<typeof commandHints>;
    tray: AttachmentTray;
  },
): void {
  const { submit, hints, tray } = parts;
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape") {
      hints.element.hidden = true;
    }
  });
  input.addEventListener("paste", (event) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (files.length === 0) return; // text pastes as text
    event.preventDefault();
    tray.add(files);
  });
  input.addEventListener("input", () => {
    autoResize(input);
    hints.update();
  });
}

export function createComposer(options: ComposerOptions): Composer {
  const input = h("textarea", {
    class: "composer-input",
    rows: 1,
    placeholder: "Message — / for commands",
    "aria-label": "Message",
  });
  const send = h("button", { type: "submit", class: "primary" }, "Send");
  const cancel = h("button", { type: "button", class: "danger", hidden: true }, "Cancel");
  const hints = commandHints(input);
  const problem = h("p", { class: "composer-error", role: "alert", hidden: true });
  const tray = new AttachmentTray();
  const row = h("div", { class: "composer-row" }, ...attachButton(tray), input, cancel, send);
  const form = h("form", { class: "composer" }, hints.element, problem, tray.element, row);
  const showProblem = (message: string) => {
    problem.textContent = message;
    problem.hidden = false;
  };

  const submit = async () => {
    const text = input.value.trim();
    if (!text && tray.isEmpty()) return;
    input.value = "";
    problem.hidden = true;
    autoResize(input);
    hints.update();
    send.disabled = true; // until the files under way have arrived
    send.textContent = tray.isEmpty() ? "Send" : "Uploading…";
    const files = await tray.take();
    send.disabled = false;
    send.textContent = "Send";
    if (!text && files.media.length === 0) {
      showProblem("Nothing to send: the daemon refused the file (its reason is beside it).");
      return;
    }
    try {
      await options.onSend(text, files.media);
    } catch (error) {
      if (!input.value) input.value = text; // give the text back unless a new one was typed
      files.restore();
      showProblem(error instanceof Error ? error.message : String(error));
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit();
  });
  listenToInput(input, { submit, hints, tray });
  cancel.addEventListener("click", () => options.onCancel());
  return {
    element: form,
    setRunning: (running) => {
      cancel.hidden = !running;
    },
    focus: () => input.focus(),
    addFiles: (files) => tray.add(files),
  };
}
