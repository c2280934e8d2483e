// What the plugins registered, held by the runtime: tools (by source), chat commands, channels,
// prompt sections, status sections, HTTP routes, turn kinds, and the two services a feature
// provides the core (file intake, background starts). The core reads these; it names no plugin.

import { addKernTag } from "../../kernel/index.js";
import type { AttachmentIntake } from "../channels/attachment-intake.js";
import { ChannelRegistry } from "../channels/channel.js";
import { CommandRegistry } from "../chat-commands.js";
import type { BackgroundStarter } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-source.js";
import type { PromptSection, StatusSection, TurnKindDefinition } from "./kern-plugin.js";
import type { MountedRoute, PluginRoute } from "./plugin-route.js";

/** The core's own turn kinds: a person's message, and an approval's decision coming back. */
const CORE_KINDS: readonly TurnKindDefinition[] = [
  { name: "message", unattended: false },
  { name: "approval", unattended: false },
];

const TAG = /^[a-z][a-z_]{1,31}$/;

export class PluginRegistries {
  readonly tools = new ToolRegistry();
  readonly commands = new CommandRegistry();
  readonly channels = new ChannelRegistry();
  private readonly sections: PromptSection[] = [];
  private readonly statuses: Array<StatusSection & { plugin: string }> = [];
  private readonly mounted: MountedRoute[] = [];
  private readonly kinds = new Map(CORE_KINDS.map((kind) => [kind.name, kind]));
  intake: AttachmentIntake | null = null;
  background: BackgroundStarter | null = null;

  addPromptSection(section: PromptSection): void {
    if (!TAG.test(section.tag))
      throw new Error(`a prompt section's tag is [a-z_]: "${section.tag}"`);
    if (this.sections.some((known) => known.tag === section.tag))
      throw new Error(`a prompt section <${section.tag}> is registered already`);
    this.sections.push(section);
    // The section's tag is kern's from now on: outside text cannot close or forge it.
    addKernTag(section.tag);
  }

  promptSections(): readonly PromptSection[] {
    return this.sections;
  }

  addStatusSection(plugin: string, section: StatusSection): void {
    if (this.statuses.some((known) => known.name === section.name))
      throw new Error(`a status section "${section.name}" is registered already`);
    this.statuses.push({ ...section, plugin });
  }

  statusSections(): readonly StatusSection[] {
    return this.statuses;
  }

  addRoutes(plugin: string, prefix: string, routes: readonly PluginRoute[]): void {
    for (const route of routes) {
      const path = `${prefix}${route.path.startsWith("/") ? "" : "/"}${route.path}`;
      if (this.mounted.some((known) => known.path === path && known.route.method === route.method))
        throw new Error(`the route ${route.method} ${path} is registered already`);
      this.mounted.push({ plugin, path, route });
    }
  }

  routes(): readonly MountedRoute[] {
    return this.mounted;
  }

  addTurnKind(kind: TurnKindDefinition): void {
    if (this.kinds.has(kind.name))
      throw new Error(`the turn kind "${kind.name}" is registered already`);
    this.kinds.set(kind.name, kind);
  }

  hasTurnKind(name: string): boolean {
    return this.kinds.has(name);
  }

  /** The unattended kinds: what counts against the day's budget and what approvals watch. */
  unattendedKinds(): string[] {
    return [...this.kinds.values()].filter((kind) => kind.unattended).map((kind) => kind.name);
  }

  isUnattended(kind: string): boolean {
    return this.kinds.get(kind)?.unattended ?? false;
  }
}
