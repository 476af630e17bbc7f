import { writeFile } from "node:fs/promises";
import { bundleWidget, generatedModule, WIDGET_GENERATED } from "./lib/widget-bundle";

// The widget script is bundled ahead of time and committed: the Worker serves it as a string, and every test
// configuration (Node, Worker, the built app) imports the same bytes without a build step of its own.
const source = await bundleWidget();
await writeFile(WIDGET_GENERATED, await generatedModule(source));
console.log(`${WIDGET_GENERATED}: ${source.length} bytes`);
