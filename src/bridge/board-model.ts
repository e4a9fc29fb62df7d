// What the host believes about the board, from S and D frames alone. Pure: frames in, beliefs out,
// no clock and no I/O, so every rule of contracts section 4 is tested here frame by frame.
import { type BoardFrame, COLS, EMPTY_BOARD, type Space, SPACES } from './protocol.js';

export interface BoardView {
  /** 100 characters, row 0 first. */
  readonly cells: string;
  /** False from a detected loss until the next snapshot. */
  readonly synced: boolean;
  /** The seq of the last frame taken (null before the first, and after the link was lost). */
  readonly seq: number | null;
}

export type ModelNote =
  | { readonly kind: 'gap'; readonly expected: number; readonly got: number; readonly lost: number }
  | { readonly kind: 'duplicate'; readonly seq: number }
  /** restart: the board powered up (its seq jumped), rather than a running board answering $V. */
  | { readonly kind: 'hello'; readonly product: string; readonly version: string; readonly size: string; readonly restart: boolean }
  /** A snapshot disagreed with what the D frames had pieced together; the snapshot won. */
  | { readonly kind: 'corrected'; readonly spaces: number }
  | { readonly kind: 'button'; readonly button: number }
  | { readonly kind: 'fault'; readonly code: string; readonly text: string };

export interface Outcome {
  /** The view (cells or synced) is not what it was before this frame. */
  readonly changed: boolean;
  /** The host should ask for a snapshot ($Q). */
  readonly wantSnapshot: boolean;
  readonly notes: readonly ModelNote[];
}

export interface ModelStats {
  gaps: number;
  lostFrames: number;
  duplicates: number;
  snapshots: number;
  corrections: number;
  /** D frames not applied because the host was not synced. */
  heldBack: number;
}

const NOTHING: Outcome = { changed: false, wantSnapshot: false, notes: [] };

export class BoardModel {
  readonly stats: ModelStats = { gaps: 0, lostFrames: 0, duplicates: 0, snapshots: 0, corrections: 0, heldBack: 0 };
  private cells: Space[] = [...EMPTY_BOARD] as Space[];
  private synced = false;
  private lastSeq: number | null = null;
  private lastType = '';

  view(): BoardView {
    return { cells: this.cells.join(''), synced: this.synced, seq: this.lastSeq };
  }

  get isSynced(): boolean {
    return this.synced;
  }

  receive(frame: BoardFrame): Outcome {
    const notes: ModelNote[] = [];
    let wantSnapshot = false;
    const wasSynced = this.synced;
    if (frame.type === 'H' && !(frame.seq === this.lastSeq && this.lastType === 'H')) {
      // The seq of a hello is a fresh start. A hello that continues the count comes from a running
      // board answering $V: nothing was missed. Any other is a board that (re)started, so what it
      // held meanwhile is unknown until its snapshot.
      const restart = this.lastSeq === null || frame.seq !== ((this.lastSeq + 1) & 0xffff);
      notes.push({ kind: 'hello', product: frame.product, version: frame.version, size: frame.size, restart });
      this.lastSeq = frame.seq;
      this.lastType = 'H';
      if (restart) this.synced = false;
      return { changed: this.synced !== wasSynced, wantSnapshot: !this.synced, notes };
    }
    if (this.lastSeq !== null) {
      if (frame.seq === this.lastSeq) {
        this.stats.duplicates++;
        return { ...NOTHING, notes: [{ kind: 'duplicate', seq: frame.seq }] };
      }
      const expected = (this.lastSeq + 1) & 0xffff;
      if (frame.seq !== expected) {
        const lost = (frame.seq - expected + 0x10000) & 0xffff;
        this.stats.gaps++;
        this.stats.lostFrames += lost;
        notes.push({ kind: 'gap', expected, got: frame.seq, lost });
        this.synced = false;
        wantSnapshot = true;
      }
    }
    this.lastSeq = frame.seq;
    this.lastType = frame.type;
    let cellsChanged = false;
    switch (frame.type) {
      case 'S': {
        // A snapshot always wins over what was pieced together from D frames.
        this.stats.snapshots++;
        let differing = 0;
        for (let i = 0; i < SPACES; i++) {
          const state = frame.board[i] as Space;
          if (this.cells[i] !== state) {
            differing++;
            this.cells[i] = state;
          }
        }
        // Corrected only what was believed: after a gap found on this very frame, nothing was.
        if (differing > 0 && this.synced) {
          this.stats.corrections++;
          notes.push({ kind: 'corrected', spaces: differing });
        }
        cellsChanged = differing > 0;
        this.synced = true;
        wantSnapshot = false;
        break;
      }
      case 'D': {
        if (!this.synced) {
          // Not believed until a snapshot confirms the board: it would be pieced onto a stale picture.
          this.stats.heldBack++;
          wantSnapshot = true;
          break;
        }
        const index = frame.row * COLS + frame.col;
        cellsChanged = this.cells[index] !== frame.state;
        this.cells[index] = frame.state;
        break;
      }
      case 'K':
        notes.push({ kind: 'button', button: frame.button });
        break;
      case 'E':
        notes.push({ kind: 'fault', code: frame.code, text: frame.text });
        break;
      default:
        break;
    }
    if (!this.synced) wantSnapshot = true;
    return { changed: cellsChanged || this.synced !== wasSynced, wantSnapshot, notes };
  }

  /**
   * The link was lost (forgetSeq: the port closed, so the next frame starts a fresh count) or the
   * board fell silent (the count goes on). Returns whether the view changed.
   */
  lose(forgetSeq: boolean): boolean {
    if (forgetSeq) this.lastSeq = null;
    const changed = this.synced;
    this.synced = false;
    return changed;
  }
}
