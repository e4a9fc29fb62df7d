// The electronic Sequence board on a serial port, through src/bridge (reconnecting link, board
// model): each view the bridge reports reaches the session; its buttons end turns.
import { BoardBridge } from '../../bridge/bridge.js';
import { SerialLink } from '../../bridge/link.js';
import type { Source, SourceKind, SourceSink } from './source.js';

export class SerialBoardSource implements Source {
  readonly kind: SourceKind = 'board';
  readonly description: string;
  private bridge: BoardBridge | null = null;

  constructor(private readonly path: string, private readonly baudRate = 115200) {
    this.description = `Sequence board on ${path}`;
  }

  async start(sink: SourceSink): Promise<void> {
    const bridge = new BoardBridge(new SerialLink({ path: this.path, baudRate: this.baudRate, waitForPort: true }));
    this.bridge = bridge;
    bridge.on('view', (view, tMs) => sink.board({ tMs, cells: view.cells, synced: view.synced }));
    bridge.on('button', (button, tMs) => sink.button(button, tMs));
    bridge.on('status', (text) => sink.status(text));
    await bridge.start();
  }

  async stop(): Promise<void> {
    await this.bridge?.stop();
  }
}
