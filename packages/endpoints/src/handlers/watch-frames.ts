/**
 * Encoded watch frames of shared event objects (upstream's `cachingObject`): the watch cache hands every watcher of
 * a resource the same deep-frozen object for one event, so the frame a watch handler writes for it is the same for
 * every watcher of that handler and media type. It is encoded once and the bytes are sent to all of them.
 * @module
 */

/** A frozen event object's frames, by handler scope, media type and event type. */
type Frames = Map<string, Uint8Array>;

/** The shared frames of one watch handler and media type (see {@link SharedWatchFrames.forStream}). */
export interface StreamFrames {
  /**
   * The frame of `object` for `eventType`: encoded by `encode` the first time, remembered only when `object` is
   * frozen (a copy may be changed after it was sent).
   */
  frame(eventType: string, object: object, encode: () => Uint8Array): Uint8Array;
}

/** Remembers the frames of frozen event objects; entries go with the objects. */
export class SharedWatchFrames {
  readonly #frames = new WeakMap<object, Frames>();
  readonly #scopeIds = new WeakMap<object, number>();
  #nextScopeId = 0;

  /** The frames a watch from the handler `scope` in `mediaType` sends (looked up once per watch, not per event). */
  forStream(scope: object, mediaType: string): StreamFrames {
    const prefix = `${this.#scopeId(scope)} ${mediaType} `;
    return { frame: (eventType, object, encode) => this.#frame(`${prefix}${eventType}`, object, encode) };
  }

  #frame(key: string, object: object, encode: () => Uint8Array): Uint8Array {
    if (!Object.isFrozen(object)) return encode();
    let frames = this.#frames.get(object);
    const known = frames?.get(key);
    if (known !== undefined) return known;
    const frame = encode();
    if (frames === undefined) {
      frames = new Map();
      this.#frames.set(object, frames);
    }
    frames.set(key, frame);
    return frame;
  }

  #scopeId(scope: object): number {
    let id = this.#scopeIds.get(scope);
    if (id === undefined) {
      id = this.#nextScopeId++;
      this.#scopeIds.set(scope, id);
    }
    return id;
  }
}
