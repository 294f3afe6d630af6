"""ApiextensionsV1Api and CustomObjectsApi: a CRD with a status subresource, established, then its objects."""
from kubernetes import client

from report import api_error, type_name, wait_for

NS = "py-crd"
GROUP, VERSION, PLURAL = "py.example.com", "v1", "widgets"
CRD_NAME = f"{PLURAL}.{GROUP}"


def widget_crd():
    schema = {
        "type": "object",
        "properties": {
            "spec": {"type": "object", "properties": {"size": {"type": "integer", "minimum": 1}, "color": {"type": "string"}}},
            "status": {"type": "object", "properties": {"phase": {"type": "string"}}},
        },
    }
    return client.V1CustomResourceDefinition(
        metadata=client.V1ObjectMeta(name=CRD_NAME),
        spec=client.V1CustomResourceDefinitionSpec(
            group=GROUP,
            scope="Namespaced",
            names=client.V1CustomResourceDefinitionNames(plural=PLURAL, singular="widget", kind="Widget", short_names=["wg"]),
            versions=[
                client.V1CustomResourceDefinitionVersion(
                    name=VERSION,
                    served=True,
                    storage=True,
                    schema=client.V1CustomResourceValidation(open_apiv3_schema=schema),
                    subresources=client.V1CustomResourceSubresources(status={}),
                )
            ],
        ),
    )


def widget(name, size):
    return {"apiVersion": f"{GROUP}/{VERSION}", "kind": "Widget", "metadata": {"name": name}, "spec": {"size": size, "color": "red"}}


def conditions(crd):
    return {c.type: c.status for c in (crd.status.conditions or [])}


def checks(core, extensions, custom):
    def create_crd_and_wait_established():
        core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))
        created = extensions.create_custom_resource_definition(widget_crd())
        established = wait_for(lambda: (lambda crd: crd if conditions(crd).get("Established") == "True" else None)(
            extensions.read_custom_resource_definition(CRD_NAME)))
        return {
            "type": type_name(created),
            "conditions": conditions(established),
            "accepted_kind": established.status.accepted_names.kind,
            "stored_versions": established.status.stored_versions,
        }

    def custom_objects():
        args = (GROUP, VERSION, NS, PLURAL)
        created = custom.create_namespaced_custom_object(*args, widget("w1", 1))
        w2 = custom.create_namespaced_custom_object(*args, widget("w2", 2))
        got = custom.get_namespaced_custom_object(*args, "w1")
        listed = custom.list_namespaced_custom_object(*args)
        patched = custom.patch_namespaced_custom_object(*args, "w1", {"spec": {"size": 5}})
        deleted = custom.delete_namespaced_custom_object(*args, "w2")
        return {
            "created_type": type_name(created),
            "uid_matches": created["metadata"]["uid"] == got["metadata"]["uid"],
            "list_kind": listed["kind"],
            "listed": [i["metadata"]["name"] for i in listed["items"]],
            "patched_spec": patched["spec"],
            "deleted": {
                "kind": deleted.get("kind"),
                "status": deleted.get("status"),
                "details": {k: v for k, v in deleted["details"].items() if k != "uid"},
                "details_uid_matches": deleted["details"].get("uid") == w2["metadata"]["uid"],
            },
            "get_deleted": api_error(lambda: custom.get_namespaced_custom_object(*args, "w2")),
            "invalid": api_error(lambda: custom.create_namespaced_custom_object(*args, widget("w3", 0))),
        }

    def status_subresource():
        args = (GROUP, VERSION, NS, PLURAL, "w1")
        patched = custom.patch_namespaced_custom_object_status(*args, {"status": {"phase": "Ready"}, "spec": {"size": 9}})
        custom.patch_namespaced_custom_object(*args, {"status": {"phase": "Ignored"}})
        read = custom.get_namespaced_custom_object_status(*args)
        return {"patched": {"status": patched.get("status"), "size": patched["spec"]["size"]}, "read": {"status": read.get("status"), "size": read["spec"]["size"]}}

    return [
        ("crd.create and wait Established", create_crd_and_wait_established),
        ("crd.custom objects create/get/list/patch/delete", custom_objects),
        ("crd.status subresource", status_subresource),
    ]
