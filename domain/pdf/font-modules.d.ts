// Font files imported through Vite (vite/client declares the same for the app's tsconfig; scripts' tsconfig lacks it).
declare module "*.woff?inline" {
  const dataUrl: string;
  export default dataUrl;
}
declare module "*.woff?url" {
  const url: string;
  export default url;
}

// The minified build: the plain one (1.2 MB) is over the 1 MiB a module may weigh when the Worker tests' module runner
// sends it to a second isolate (workerd's WebSocket message limit).
declare module "@pdf-lib/fontkit/dist/fontkit.es.min.js" {
  import fontkit from "@pdf-lib/fontkit";
  export default fontkit;
}
