/** The fields of a chunk in Vite's output bundle that the build plugins here read. */
export type BuiltChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  moduleIds: string[];
  code: string;
  viteMetadata?: { importedCss: Set<string> };
};
