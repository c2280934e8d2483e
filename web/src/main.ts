// Entry point of the web page: check the session, then show the login form or the app, keep the
// event stream open, and go back to the login form whenever the API answers 401.

import { ApiError, api, onUnauthorized } from "./api.js";
import { loadCommands } from "./commands.js";
import { errorBox, h } from "./dom.js";
import { openEventStream } from "./event-stream.js";
import { AppShell, pendingCodes } from "./views/app-shell.js";
import { PAIRING_CHANGED } from "./views/local-commands.js";
import { createLoginView } from "./views/login-view.js";

const root = document.getElementById("app") ?? document.body;
let disposeApp: (() => void) | null = null;

function showLogin(message?: string): void {
  disposeApp?.();
  disposeApp = null;
  root.replaceChildren(
    createLoginView({ ...(message ? { message } : {}), onLoggedIn: () => void boot() }),
  );
}

async function sessionAlive(): Promise<boolean> {
  try {
    await api.status();
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.status === 401);
  }
}

function startApp(shell: AppShell): () => void {
  const stream = openEventStream({
    onEvent: (event) => {
      shell.chat.handleEvent(event);
      if (event.type === "memory-update") shell.setMemory(event.state);
    },
    onState: (state) => shell.setConnection(state),
    onOpen: (reconnected) => {
      if (reconnected) void shell.chat.reload();
    },
    checkSession: sessionAlive,
  });
  // Pending pairings arrive from Telegram with no event: the badge is refreshed on every view
  // change and every 20 s.
  const refreshPending = () =>
    void api.status().then(
      (status) => shell.setPendingPairings(pendingCodes(status)),
      () => undefined,
    );
  const onHashChange = () => {
    shell.route(location.hash);
    refreshPending();
  };
  window.addEventListener("hashchange", onHashChange);
  window.addEventListener(PAIRING_CHANGED, refreshPending);
  shell.route(location.hash);
  const timer = setInterval(refreshPending, 20_000);
  return () => {
    stream.close();
    clearInterval(timer);
    window.removeEventListener("hashchange", onHashChange);
    window.removeEventListener(PAIRING_CHANGED, refreshPending);
  };
}

async function logout(): Promise<void> {
  try {
    await api.logout();
  } finally {
    showLogin("Logged out.");
  }
}

async function boot(): Promise<void> {
  try {
    const status = await api.status();
    void loadCommands(); // completion and local answers: the core's names until it arrives
    const shell = new AppShell(status, () => void logout());
    root.replaceChildren(shell.element);
    disposeApp = startApp(shell);
    await shell.chat.reload();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) showLogin();
    else root.replaceChildren(h("main", { class: "login-page" }, errorBox(error)));
  }
}

onUnauthorized(() => {
  if (disposeApp) showLogin("Your session ended; log in again.");
});
void boot();
