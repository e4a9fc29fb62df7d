// Calibration markers for rendered tables: the four corner markers laid just outside the cards,
// on a rectangle of whole centimetres (what someone with a tape measure would lay out).
import { solidCorners, type CardPose, type TableMarker } from '../render/scene.js';
import { markerCells, regionLayout, TABLE_MARKERS, type MarkerLayout, type MarkerProfile, type MmPoint } from './markers.js';

export interface SceneMarkers {
  readonly markers: readonly TableMarker[];
  /** The layout a `seqref calibrate --region WxH` finds: centres relative to the top-left marker. */
  readonly layout: MarkerLayout;
  /** Where the top-left marker's centre lies in the renderer's table mm (region mm + origin = table mm). */
  readonly origin: MmPoint;
  readonly widthMm: number;
  readonly heightMm: number;
}

/** Four markers round the cards, `gapMm` clear of them, upright in table coordinates. */
export function markersAroundCards(cards: readonly CardPose[], gapMm = 15, markers: MarkerProfile = TABLE_MARKERS): SceneMarkers {
  const points = cards.flatMap((card) => solidCorners(card));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const reach = markers.sizeMm / 2 + markers.marginMm + gapMm;
  const x0 = Math.min(...xs) - reach;
  const y0 = Math.min(...ys) - reach;
  const widthMm = Math.ceil((Math.max(...xs) + reach - x0) / 10) * 10;
  const heightMm = Math.ceil((Math.max(...ys) + reach - y0) / 10) * 10;
  const layout = regionLayout(widthMm, heightMm, markers);
  const placed = layout.centres.map(([x, y], i): TableMarker => {
    const id = markers.ids[i]!;
    return { id, x: x0 + x, y: y0 + y, angleDeg: 0, sizeMm: markers.sizeMm, marginMm: markers.marginMm, cells: markerCells(id, markers) };
  });
  return { markers: placed, layout, origin: [x0, y0], widthMm, heightMm };
}
