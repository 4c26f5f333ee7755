import { MediaLibrary } from './media/media-library.tsx';

/** The Media tab: the company's media library (upload, grid, delete). */
export function MediaTab() {
  return <MediaLibrary />;
}
