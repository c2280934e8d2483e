// Public surface of plugins/skills/: the plugin, the catalog and adding a skill (the CLI's).
export * from "./add-skill.js";
export * from "./skill-catalog.js";
export * from "./skills-plugin.js";
