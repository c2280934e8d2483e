// Public surface of plugins/media/: the plugin and the prompt that describes an image.
export { DESCRIBE_IMAGE_PROMPT } from "./describe-image.js";
export * from "./media-plugin.js";
