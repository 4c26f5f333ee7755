import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { probeImage } from './media-probe.ts';

/** `ffmpeg` on PATH (Debian's ffmpeg package, beside ffprobe), or FFMPEG_PATH; checked once per process. */
let ffmpegAvailable: Promise<boolean> | undefined;
const ffmpegCommand = () => process.env.FFMPEG_PATH || 'ffmpeg';

function hasFfmpeg(): Promise<boolean> {
  ffmpegAvailable ??= new Promise((resolve) => {
    const child = spawn(ffmpegCommand(), ['-version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  return ffmpegAvailable;
}

/** At most this much of a frame is kept (a decoded frame as JPEG is far smaller). */
const FRAME_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A JPEG thumbnail of a video's first frame, for the media library: ffmpeg reads the
 * stored bytes from stdin (any store, never a whole file in memory) and writes one
 * frame; sharp makes it the same thumbnail as an image gets. Undefined when ffmpeg is
 * not installed, cannot read the video from a stream (an MP4 whose index comes last),
 * or takes over 60 s: the video is kept, only without a picture.
 */
export async function videoThumbnail(input: Readable): Promise<Buffer | undefined> {
  if (!(await hasFfmpeg())) {
    input.destroy();
    return undefined;
  }
  const frame = await new Promise<Buffer | undefined>((resolve) => {
    const child = spawn(
      ffmpegCommand(),
      ['-v', 'error', '-i', 'pipe:0', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const parts: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= FRAME_MAX_BYTES) parts.push(chunk);
    });
    // ffmpeg stops reading after the first frame: the rest of the input is not needed.
    child.stdin.on('error', () => {});
    input.on('error', () => child.stdin.destroy());
    input.pipe(child.stdin);
    child.once('error', () => resolve(undefined));
    child.once('close', (code) => {
      clearTimeout(timer);
      input.destroy();
      resolve(code === 0 && size > 0 && size <= FRAME_MAX_BYTES ? Buffer.concat(parts) : undefined);
    });
  });
  if (!frame) return undefined;
  return (await probeImage(Readable.from([frame])))?.thumbnail;
}
