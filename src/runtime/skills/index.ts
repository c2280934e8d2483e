// Public surface of runtime/skills/: the catalog of an agent's skills, adding one, the tool.
export * from "./add-skill.js";
export * from "./skill-catalog.js";
