"""One JSON line per check on stdout: {"check", "result"} or {"check", "error", "trace"}; the tap test asserts them."""
import json
import time
import traceback

from kubernetes.client.rest import ApiException


def run_checks(checks):
    """Runs (name, fn) pairs in order; a failing check is reported and the next one still runs."""
    for name, fn in checks:
        started = time.monotonic()
        try:
            line = {"check": name, "result": fn()}
        except Exception as err:  # every failure becomes a report line, never a crash of the run
            line = {"check": name, "error": f"{type(err).__name__}: {err}", "trace": traceback.format_exc()[-3000:]}
        line["seconds"] = round(time.monotonic() - started, 3)
        print(json.dumps(line, default=str), flush=True)


def api_error(call):
    """Calls `call`, which must raise ApiException; returns its status, HTTP reason and parsed Status body."""
    try:
        call()
    except ApiException as err:
        return {"status": err.status, "reason": err.reason, "body": parse_body(err.body)}
    raise AssertionError("expected an ApiException, the call succeeded")


def parse_body(body):
    """The exception body as JSON when it is JSON, else the text (bytes decoded)."""
    if isinstance(body, bytes):
        body = body.decode("utf-8")
    try:
        return json.loads(body)
    except (TypeError, ValueError):
        return body


def wait_for(predicate, timeout=10.0, interval=0.05):
    """Polls `predicate` until it returns a truthy value (returned) or `timeout` seconds pass (AssertionError)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        time.sleep(interval)


def type_name(obj):
    """The model class name the client deserialized into (V1ConfigMap, dict, …)."""
    return type(obj).__name__
