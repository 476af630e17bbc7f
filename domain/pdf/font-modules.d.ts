// Font files imported through Vite (vite/client declares the same for the app's tsconfig; scripts' tsconfig lacks it).
declare module "*.woff?inline" {
  const dataUrl: string;
  export default dataUrl;
}
declare module "*.woff?url" {
  const url: string;
  export default url;
}
