"""Every writable kind kube-lite serves, through the typed API class 22.6 generated for its group and version.

Each kind's object goes through create, read, list, a strategic merge patch, replace (the read model sent back) and
delete, so every response is deserialized into 22.6's models, whose client-side validation refuses a required field
the server left out. Kinds whose group version 22.6 has no API class for (newer than Kubernetes 1.22) are reported
as such.
"""
import json
import re

from kubernetes import client

from report import type_name


def api_class_name(api_version):
    """CoreV1Api, AppsV1Api, RbacAuthorizationV1Api…: the generator's name for a group version's API class."""
    group, _, version = api_version.rpartition("/")
    words = re.sub(r"\.k8s\.io$", "", group).split(".") if group else ["core"]
    return "".join(w.capitalize() for w in words) + version.capitalize() + "Api"


def snake(kind):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", kind).lower()


def verbs_of(api, kind, namespaced, name, namespace):
    """The typed calls of one kind, with their fixed arguments bound."""
    scope = "namespaced_" if namespaced else ""
    where = (namespace,) if namespaced else ()
    s = snake(kind)

    def method(verb):
        return getattr(api, f"{verb}_{scope}{s}")

    return {
        "create": lambda body: method("create")(*where, body),
        "read": lambda: method("read")(name, *where),
        "list": lambda: method("list")(*where),
        "patch": lambda body: method("patch")(name, *where, body),
        "replace": lambda body: method("replace")(name, *where, body),
        "delete": lambda: method("delete")(name, *where),
    }


def round_trip(verbs, fixture, name):
    created = verbs["create"](fixture)
    read = verbs["read"]()
    listed = verbs["list"]()
    patched = verbs["patch"]({"metadata": {"labels": {"python": "patched"}}})
    replaced = verbs["replace"](verbs["read"]())
    verbs["delete"]()
    return {
        "types": [type_name(created), type_name(read), type_name(listed), type_name(patched), type_name(replaced)],
        "listed": name in [i.metadata.name for i in listed.items],
        "patched": (patched.metadata.labels or {}).get("python"),
        "replaced_label": (replaced.metadata.labels or {}).get("python"),
    }


def one_kind(api_client, entry, namespace):
    api_name = api_class_name(entry["apiVersion"])
    api_type = getattr(client, api_name, None)
    if api_type is None:
        return f"no {api_name} in this client"
    verbs = verbs_of(api_type(api_client), entry["kind"], entry["namespaced"], entry["name"], namespace)
    try:
        return round_trip(verbs, entry["body"], entry["name"])
    except AttributeError as err:
        if f"'{api_name}' object has no attribute" in str(err):
            return f"no {api_name} method for {entry['kind']}"
        raise


def checks(api_client, fixtures_file, namespace):
    def every_kind():
        with open(fixtures_file, encoding="utf-8") as f:
            entries = json.load(f)
        client.CoreV1Api(api_client).create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=namespace)))
        out = {}
        for entry in entries:
            key = f"{entry['apiVersion']} {entry['kind']}"
            try:
                out[key] = one_kind(api_client, entry, namespace)
            except Exception as err:  # one kind's failure is its own result; the next kind still runs
                out[key] = f"{type(err).__name__}: {str(err)[:600]}"
        return out

    return [("every kind through its typed API", every_kind)]
