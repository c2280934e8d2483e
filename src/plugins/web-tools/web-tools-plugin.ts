// The web tools as a plugin (SPEC §15, §17): `webfetch` (readable Markdown through the SSRF
// guard), `websearch` (SearXNG at SEARXNG_URL) and `pdf` (a PDF in the agent folder or one that
// came in as a message).
import type { KernPlugin } from "../../runtime/index.js";
import { MediaStore } from "../../store/index.js";
import { createWebToolSource } from "./web-tools.js";

export const webToolsPlugin: KernPlugin = {
  name: "web-tools",
  setup(host) {
    const { config, paths } = host.kern;
    host.registerToolSource(
      createWebToolSource({
        allowPrivateNetworks: config.web.allowPrivateNetworks,
        searxngUrl: config.searxngUrl,
        media: MediaStore.open(paths, config.media.maxBytes),
        workers: host.kern.parse,
      }),
    );
  },
};
