/**
 * Which mutating webhooks run again (upstream `webhookReinvokeContext`): a webhook with `reinvocationPolicy:
 * IfNeeded` that ran before a later webhook changed the object is called once more, in a second round.
 * @module
 */

/** The reinvocation bookkeeping of one request. */
export class WebhookReinvokeContext {
  #previouslyInvoked = new Set<string>();
  #reinvoke = new Set<string>();
  #shouldReinvoke = false;
  #isReinvoke = false;

  /** True during the second round. */
  get isReinvoke(): boolean {
    return this.#isReinvoke;
  }

  /** True when some webhook changed the object after an IfNeeded webhook ran. */
  get shouldReinvoke(): boolean {
    return this.#shouldReinvoke && this.#reinvoke.size > 0;
  }

  /** Starts the second round. */
  startReinvocation(): void {
    this.#isReinvoke = true;
  }

  /** A webhook changed the object: every IfNeeded webhook that ran before it is due again. */
  objectChanged(): void {
    for (const uid of this.#previouslyInvoked) this.#reinvoke.add(uid);
    this.#previouslyInvoked = new Set();
    this.#shouldReinvoke = true;
  }

  /** Records that an IfNeeded webhook ran. */
  addReinvocableWebhookToPreviouslyInvoked(uid: string): void {
    this.#previouslyInvoked.add(uid);
  }

  /** Whether the webhook runs in the second round. */
  shouldReinvokeWebhook(uid: string): boolean {
    return this.#reinvoke.has(uid);
  }
}
