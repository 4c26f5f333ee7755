import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { MEDIA_LIMITS } from '@kontora/contract/social-media';
import sharp from 'sharp';

export interface ImageFacts {
  width: number;
  height: number;
  /** A JPEG fitting in MEDIA_LIMITS.thumbnailSize², upright (EXIF orientation applied). */
  thumbnail: Buffer;
}

/**
 * Dimensions as shown (after EXIF rotation) and a small JPEG thumbnail, with
 * sharp (prebuilt libvips). Undefined when the bytes do not decode as an
 * image: a file that only starts like one. `limitInputPixels` keeps a
 * decompression bomb from taking the server's memory.
 */
export async function probeImage(input: Readable): Promise<ImageFacts | undefined> {
  const image = sharp({ failOn: 'error', limitInputPixels: 100_000_000, animated: false });
  input.pipe(image);
  try {
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) return undefined;
    const thumbnail = await image
      .clone()
      .rotate()
      .resize(MEDIA_LIMITS.thumbnailSize, MEDIA_LIMITS.thumbnailSize, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { width, height, thumbnail };
  } catch {
    return undefined;
  } finally {
    input.destroy();
  }
}

export interface VideoFacts {
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** `ffprobe` on PATH (Debian's ffmpeg package), or FFPROBE_PATH; checked once per process. */
let ffprobeAvailable: Promise<boolean> | undefined;

export function ffprobeCommand(): string {
  return process.env.FFPROBE_PATH || 'ffprobe';
}

export function hasFfprobe(): Promise<boolean> {
  ffprobeAvailable ??= new Promise((resolve) => {
    const child = spawn(ffprobeCommand(), ['-version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  return ffprobeAvailable;
}

/**
 * Duration and picture size of a video through ffprobe reading it from stdin,
 * or undefined when ffprobe is not installed (then only the container check
 * of the first bytes and the size limit apply) or cannot read it in 60 s.
 */
export async function probeVideo(input: Readable): Promise<VideoFacts | undefined> {
  if (!(await hasFfprobe())) {
    input.destroy();
    return undefined;
  }
  return new Promise((resolve) => {
    const child = spawn(
      ffprobeCommand(),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-i', 'pipe:0'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (out.length < 1_000_000) out += text;
    });
    // ffprobe stops reading once it knows enough: the rest of the input is not needed.
    child.stdin.on('error', () => {});
    input.on('error', () => child.stdin.destroy());
    input.pipe(child.stdin);
    child.once('error', () => resolve(undefined));
    child.once('close', () => {
      clearTimeout(timer);
      input.destroy();
      resolve(parseProbe(out));
    });
  });
}

function parseProbe(json: string): VideoFacts | undefined {
  try {
    const probe = JSON.parse(json) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
    };
    const video = probe.streams?.find((s) => s.codec_type === 'video');
    const seconds = Number(probe.format?.duration ?? video?.duration);
    return {
      width: video?.width ?? null,
      height: video?.height ?? null,
      durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    };
  } catch {
    return undefined;
  }
}
