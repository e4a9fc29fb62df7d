// A fake camera's video for Chromium (--use-file-for-fake-video-capture): raw I420 frames behind a
// YUV4MPEG2 header (BT.601, limited range), made from images with sharp.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export async function y4mFrom(images: readonly string[], path: string, W: number, H: number): Promise<void> {
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F4:1 Ip A1:1 C420jpeg\n`)];
  for (const image of images) {
    const rgb = await sharp(image).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const y = Buffer.alloc(W * H), u = Buffer.alloc((W / 2) * (H / 2)), v = Buffer.alloc((W / 2) * (H / 2));
    for (let i = 0; i < W * H; i++) {
      const r = rgb[i * 3]!, g = rgb[i * 3 + 1]!, b = rgb[i * 3 + 2]!;
      y[i] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
    for (let row = 0; row < H / 2; row++) {
      for (let col = 0; col < W / 2; col++) {
        const i = (row * 2 * W + col * 2) * 3;
        const r = rgb[i]!, g = rgb[i + 1]!, b = rgb[i + 2]!;
        u[row * (W / 2) + col] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        v[row * (W / 2) + col] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
    parts.push(Buffer.from('FRAME\n'), y, u, v);
  }
  writeFileSync(path, Buffer.concat(parts));
}
