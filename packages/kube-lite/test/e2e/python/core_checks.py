"""CoreV1Api: namespaces and ConfigMaps, every write verb, paging, and the Status errors as ApiException."""
from kubernetes import client

from report import api_error, type_name

NS = "py-core"
PAGE_NS = "py-page"


def config_map(name, data, labels=None):
    return client.V1ConfigMap(metadata=client.V1ObjectMeta(name=name, labels=labels), data=data)


def checks(core):
    def namespaces():
        created = core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))
        core.create_namespace({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": PAGE_NS}})
        read = core.read_namespace(NS)
        listed = core.list_namespace()
        return {
            "type": type_name(created),
            "phase": read.status.phase,
            "finalizers": read.spec.finalizers,
            "list_type": type_name(listed),
            "listed": sorted(n.metadata.name for n in listed.items if n.metadata.name.startswith("py-")),
        }

    def create_and_read():
        created = core.create_namespaced_config_map(NS, config_map("cm-a", {"k": "v"}, {"app": "py"}))
        read = core.read_namespaced_config_map("cm-a", NS)
        return {
            "type": type_name(created),
            "data": read.data,
            "labels": read.metadata.labels,
            "uid_matches": created.metadata.uid == read.metadata.uid and bool(read.metadata.uid),
            "resource_version_matches": created.metadata.resource_version == read.metadata.resource_version,
            "creation_timestamp_type": type_name(read.metadata.creation_timestamp),
        }

    def list_by_label():
        core.create_namespaced_config_map(NS, config_map("cm-b", {"k": "b"}, {"app": "py"}))
        core.create_namespaced_config_map(NS, config_map("cm-c", {"k": "c"}, {"app": "other"}))

        def names(selector):
            return [c.metadata.name for c in core.list_namespaced_config_map(NS, label_selector=selector).items]

        return {"app=py": names("app=py"), "app!=py": names("app!=py"), "app in (py,other)": names("app in (py,other)")}

    def paging():
        for i in range(5):
            core.create_namespaced_config_map(PAGE_NS, config_map(f"p{i}", {"i": str(i)}))
        pages, token = [], None
        while True:
            page = core.list_namespaced_config_map(PAGE_NS, limit=2, _continue=token)
            pages.append({
                "names": [c.metadata.name for c in page.items],
                "remaining": page.metadata.remaining_item_count,
                "has_continue": bool(page.metadata._continue),
            })
            token = page.metadata._continue
            if not token or len(pages) > 5:
                return pages

    def replace_and_conflict():
        current = core.read_namespaced_config_map("cm-a", NS)
        stale_version = current.metadata.resource_version
        current.data = {"k": "replaced"}
        replaced = core.replace_namespaced_config_map("cm-a", NS, current)
        current.data = {"k": "stale"}
        current.metadata.resource_version = stale_version
        return {
            "data": replaced.data,
            "resource_version_changed": replaced.metadata.resource_version != stale_version,
            "stale": api_error(lambda: core.replace_namespaced_config_map("cm-a", NS, current)),
        }

    def strategic_merge_patch():
        # A dict body goes out as application/strategic-merge-patch+json: the $patch directive is understood (as a
        # merge patch it would be stored as a key, which ConfigMap validation refuses).
        added = core.patch_namespaced_config_map("cm-a", NS, {"metadata": {"labels": {"patched": "smp"}}, "data": {"k2": "v2"}})
        replaced = core.patch_namespaced_config_map("cm-a", NS, {"data": {"$patch": "replace", "only": "x"}})
        return {"added": added.data, "labels": added.metadata.labels, "replaced": replaced.data}

    def json_patch():
        # A list body goes out as application/json-patch+json.
        ops = [
            {"op": "test", "path": "/data/only", "value": "x"},
            {"op": "add", "path": "/data/j", "value": "1"},
            {"op": "remove", "path": "/data/only"},
        ]
        patched = core.patch_namespaced_config_map("cm-a", NS, ops)
        failed_test = api_error(lambda: core.patch_namespaced_config_map("cm-a", NS, [{"op": "test", "path": "/data/j", "value": "2"}]))
        return {"data": patched.data, "failed_test": failed_test}

    def delete_then_not_found():
        status = core.delete_namespaced_config_map("cm-c", NS)
        return {
            "type": type_name(status),
            "status": status.status,
            "details": {"name": status.details.name, "kind": status.details.kind},
            "read": api_error(lambda: core.read_namespaced_config_map("cm-c", NS)),
            "delete_again": api_error(lambda: core.delete_namespaced_config_map("cm-c", NS)),
        }

    def already_exists():
        return api_error(lambda: core.create_namespaced_config_map(NS, config_map("cm-b", {"k": "again"})))

    def invalid():
        return api_error(lambda: core.create_namespaced_config_map(NS, config_map("Bad_Name", {"k": "v"})))

    def missing_namespace():
        return api_error(lambda: core.create_namespaced_config_map("py-missing", config_map("cm", {"k": "v"})))

    return [
        ("core.namespaces", namespaces),
        ("core.configmap create and read", create_and_read),
        ("core.configmap list label_selector", list_by_label),
        ("core.configmap list limit/_continue", paging),
        ("core.configmap replace and stale resourceVersion", replace_and_conflict),
        ("core.configmap strategic merge patch", strategic_merge_patch),
        ("core.configmap json patch", json_patch),
        ("core.configmap delete and NotFound", delete_then_not_found),
        ("core.configmap AlreadyExists", already_exists),
        ("core.configmap Invalid", invalid),
        ("core.configmap in a missing namespace", missing_namespace),
    ]
