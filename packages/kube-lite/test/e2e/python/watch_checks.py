"""watch.Watch().stream over list_namespaced_config_map: replay from a list's resourceVersion, live events, timeouts."""
import re
import threading
import time

from kubernetes import client, watch

from report import type_name

NS = "py-watch"


def summary(event):
    obj = event["object"]
    return [event["type"], type_name(obj), obj.metadata.name, obj.data]


def collect(core, count, **kwargs):
    """The first `count` events of a watch (fewer if the server ends it first), as summaries, and their versions."""
    w = watch.Watch()
    events, versions = [], []
    for event in w.stream(core.list_namespaced_config_map, NS, **kwargs):
        events.append(summary(event))
        versions.append(int(event["object"].metadata.resource_version))
        if len(events) == count:
            w.stop()
    return events, versions


def write_cycle(core, name, labels=None):
    core.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name=name, labels=labels), data={"v": "1"}))
    core.patch_namespaced_config_map(name, NS, {"data": {"v": "2"}})
    core.delete_namespaced_config_map(name, NS)


def checks(core, watch_cache_events):
    first_list = {}

    def replay_from_list():
        core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))
        listed = core.list_namespaced_config_map(NS)
        first_list["resource_version"] = listed.metadata.resource_version
        write_cycle(core, "w1")
        events, versions = collect(core, 3, resource_version=listed.metadata.resource_version, timeout_seconds=5)
        return {"events": events, "versions_increase": versions == sorted(set(versions))}

    def live_with_label_selector():
        since = core.list_namespaced_config_map(NS).metadata.resource_version

        def writer():
            time.sleep(0.3)
            core.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="unlabelled"), data={"v": "0"}))
            write_cycle(core, "w2", {"watched": "yes"})

        thread = threading.Thread(target=writer)
        thread.start()
        events, _ = collect(core, 3, resource_version=since, label_selector="watched=yes", timeout_seconds=10)
        thread.join()
        return {"events": events}

    def server_timeout():
        started = time.monotonic()
        since = core.list_namespaced_config_map(NS).metadata.resource_version
        events, _ = collect(core, 1, resource_version=since, timeout_seconds=1)
        return {"events": events, "ended_within_5s": time.monotonic() - started < 5}

    def bookmark_before_timeout():
        # A watch that allows bookmarks gets one 2 s before the server ends it (upstream's watch cache does so); 22.6
        # yields BOOKMARK events with the raw object.
        since = core.list_namespaced_config_map(NS).metadata.resource_version
        events = []
        for event in watch.Watch().stream(core.list_namespaced_config_map, NS, resource_version=since, allow_watch_bookmarks=True, timeout_seconds=3):
            raw = event["raw_object"]
            events.append([event["type"], type_name(event["object"]), raw["kind"], int(raw["metadata"]["resourceVersion"]) >= int(since)])
        return {"events": events}

    def expired():
        # The test gives configmaps a small watch cache window (watch_cache_events): these writes push the first
        # list's resourceVersion out of it. The server answers with an ERROR event (410 Expired), which the client
        # raises as ApiException, without retrying because timeout_seconds is set.
        for i in range(watch_cache_events):
            write_cycle(core, f"churn-{i}")
        try:
            collect(core, 1, resource_version=first_list["resource_version"], timeout_seconds=5)
        except client.ApiException as err:
            return {"status": err.status, "reason": re.sub(r"\d+", "N", err.reason)}
        raise AssertionError("the watch from an expired resourceVersion did not raise")

    return [
        ("watch.replay from a list resourceVersion", replay_from_list),
        ("watch.live events with label_selector", live_with_label_selector),
        ("watch.timeout_seconds ends the stream", server_timeout),
        ("watch.bookmark before timeout_seconds", bookmark_before_timeout),
        ("watch.expired resourceVersion raises 410", expired),
    ]
