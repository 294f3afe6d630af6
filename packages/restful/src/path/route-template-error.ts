/**
 * Thrown at registration time for a route or root path template that go-restful
 * would reject with `os.Exit(1)` (an invalid `{name:regex}`, a malformed brace).
 */
export class RouteTemplateError extends Error {
  /** The template that failed to compile. */
  readonly template: string;

  /** Creates the error for `template` with a reason. */
  constructor(template: string, reason: string) {
    super(`invalid path template ${JSON.stringify(template)}: ${reason}`);
    this.name = 'RouteTemplateError';
    this.template = template;
  }
}
