/// <reference types="vite/client" />

/** One part of a locale file, split by the build (src/i18n/shell-texts.ts). */
declare module '*.json?texts=shell' {
  const texts: Record<string, unknown>
  export default texts
}
declare module '*.json?texts=rest' {
  const texts: Record<string, unknown>
  export default texts
}
