// The part of tar-stream 2.2.0 the backups use (the package ships no types).
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';

  export type Headers = {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: 'file' | 'directory' | 'symlink' | 'link' | string;
  };

  export interface Pack extends Readable {
    entry(headers: Headers, callback?: (err?: Error | null) => void): Writable;
    entry(headers: Headers, buffer: string | Buffer, callback?: (err?: Error | null) => void): Writable;
    finalize(): void;
  }

  export interface Extract extends Writable {
    on(event: 'entry', listener: (headers: Headers, stream: Readable, next: (err?: Error) => void) => void): this;
    on(event: 'finish' | 'close', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: string, listener: (...args: never[]) => void): this;
  }

  export function pack(): Pack;
  export function extract(): Extract;
}
