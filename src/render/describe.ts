// What a frame was rendered under, rounded, for fixture.json (so eval can break results down).
import type { Camera } from './camera.js';
import type { PhotoConditions } from './conditions.js';
import type { LayoutStyle } from './scene.js';

const r1 = (v: number): number => Math.round(v * 10) / 10;
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

export function describeConditions(c: PhotoConditions, camera: Camera, style?: LayoutStyle): Record<string, unknown> {
  return {
    size: `${c.width}x${c.height}`,
    tilt_deg: r1(c.tiltDeg),
    yaw_deg: r1(c.yawDeg),
    roll_deg: r1(c.rollDeg),
    height_mm: Math.round(camera.spec.heightMm),
    hfov_deg: r1(c.hfovDeg),
    distortion: r3(c.distortion),
    background: c.background,
    background_variant: c.backgroundVariant,
    white_balance: c.whiteBalance,
    wb_strength: r3(c.wbStrength),
    exposure: r3(c.exposure),
    uneven_light: r3(c.unevenLight),
    shadows: r3(c.shadows),
    glare: r3(c.glare),
    vignetting: r3(c.vignetting),
    blur_sigma: r3(c.blurSigma),
    shake_px: r3(c.shakePx),
    sharpen: r3(c.sharpen),
    saturation: r3(c.saturation),
    noise: r3(c.noise),
    jpeg_quality: Math.round(c.jpegQuality),
    distractors: [...c.distractors],
    ...(style
      ? { gap_mm: r1(style.gapMm), jitter_deg: r1(style.jitterDeg), layout_angle_deg: r1(((style.angleDeg % 360) + 360) % 360), flip_share: style.flipShare }
      : {}),
  };
}
