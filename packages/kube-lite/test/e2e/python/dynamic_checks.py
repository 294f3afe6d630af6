"""kubernetes.dynamic.DynamicClient: discovery by apiVersion/kind, reads and writes, server-side apply, errors."""
import json

from kubernetes import dynamic
from kubernetes.client.rest import ApiException

import apps_checks
import crd_checks
from report import parse_body, type_name

NS = "py-dynamic"


def managers(obj):
    return sorted([m.manager, m.operation] for m in obj.metadata.managedFields)


def dynamic_error(call):
    """Like report.api_error, with the DynamicApiError subclass the dynamic client raised."""
    try:
        call()
    except ApiException as err:
        return {"class": type_name(err), "status": err.status, "body": parse_body(err.body) if err.body else None}
    raise AssertionError("expected an ApiException, the call succeeded")


def applied(name, value):
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": NS}, "data": {"k": value}}


def checks(api_client, cache_file):
    dyn = dynamic.DynamicClient(api_client, cache_file=cache_file)

    def discovery():
        found = {}
        for api_version, kind in [("v1", "ConfigMap"), ("apps/v1", "Deployment"), ("v1", "Namespace"), (f"{crd_checks.GROUP}/{crd_checks.VERSION}", "Widget")]:
            r = dyn.resources.get(api_version=api_version, kind=kind)
            found[f"{api_version}/{kind}"] = {"name": r.name, "namespaced": r.namespaced, "verbs": sorted(r.verbs), "short_names": r.short_names}
        return found

    def subresource():
        deployments = dyn.resources.get(api_version="apps/v1", kind="Deployment")
        scale = deployments.subresources["scale"]
        patched = dyn.patch(scale, body={"spec": {"replicas": 4}}, name="web", namespace=apps_checks.NS, content_type="application/merge-patch+json")
        read = dyn.get(scale, name="web", namespace=apps_checks.NS)
        return {"kind": scale.kind, "verbs": sorted(scale.verbs), "patched": patched.spec.replicas, "read": [read.kind, read.apiVersion, read.spec.replicas]}

    def crud():
        namespaces = dyn.resources.get(api_version="v1", kind="Namespace")
        config_maps = dyn.resources.get(api_version="v1", kind="ConfigMap")
        namespaces.create(body={"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NS}})
        created = config_maps.create(namespace=NS, body={"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "d1"}, "data": {"k": "v"}})
        got = config_maps.get(name="d1", namespace=NS)
        merged = config_maps.patch(name="d1", namespace=NS, body={"data": {"m": "1"}}, content_type="application/merge-patch+json")
        listed = config_maps.get(namespace=NS)
        deleted = config_maps.delete(name="d1", namespace=NS)
        widgets = dyn.resources.get(api_version=f"{crd_checks.GROUP}/{crd_checks.VERSION}", kind="Widget")
        return {
            "created_type": type_name(created),
            "get": {"kind": got.kind, "data": got.to_dict()["data"]},
            "merged": merged.to_dict()["data"],
            "list": {"kind": listed.kind, "names": [i.metadata.name for i in listed.items]},
            "deleted": {"kind": deleted.kind, "status": deleted.status},
            "get_deleted": dynamic_error(lambda: config_maps.get(name="d1", namespace=NS)),
            "widgets": [w.metadata.name for w in widgets.get(namespace=crd_checks.NS).items],
        }

    def server_side_apply():
        config_maps = dyn.resources.get(api_version="v1", kind="ConfigMap")
        # 22.6's REST layer serializes only JSON content types: a dict body under application/apply-patch+yaml is
        # refused in the client (status 0, nothing sent). A JSON string is YAML, and goes out as is.
        dict_body = dynamic_error(lambda: config_maps.server_side_apply(body=applied("ssa", "a"), field_manager="py-a"))
        first = config_maps.server_side_apply(body=json.dumps(applied("ssa", "a")), name="ssa", namespace=NS, field_manager="py-a")
        conflict = dynamic_error(
            lambda: config_maps.server_side_apply(body=json.dumps(applied("ssa", "b")), name="ssa", namespace=NS, field_manager="py-b"))
        forced = config_maps.server_side_apply(
            body=json.dumps(applied("ssa", "b")), name="ssa", namespace=NS, field_manager="py-b", force_conflicts=True)
        return {
            "dict_body": {"class": dict_body["class"], "status": dict_body["status"]},
            "first": {"data": first.to_dict()["data"], "managers": managers(first)},
            "conflict": conflict,
            "forced": {"data": forced.to_dict()["data"], "managers": managers(forced)},
        }

    return [
        ("dynamic.discovery by apiVersion and kind", discovery),
        ("dynamic.scale subresource", subresource),
        ("dynamic.create/get/patch/list/delete", crud),
        ("dynamic.server_side_apply", server_side_apply),
    ]
