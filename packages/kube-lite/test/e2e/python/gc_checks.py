"""Deletion with propagation_policy: kube-lite's garbage collector removes dependents in the background or first."""
from kubernetes import client

from report import api_error, wait_for

NS = "py-gc"
HOLD = "py.example.com/hold"


def owner_reference(owner):
    return client.V1OwnerReference(api_version="v1", kind="ConfigMap", name=owner.metadata.name, uid=owner.metadata.uid, block_owner_deletion=True)


def gone(core, name):
    try:
        core.read_namespaced_config_map(name, NS)
    except client.ApiException as err:
        if err.status == 404:
            return True
        raise
    return False


def owner_and_dependent(core, prefix, finalizers=None):
    owner = core.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name=f"{prefix}-owner")))
    meta = client.V1ObjectMeta(name=f"{prefix}-dependent", owner_references=[owner_reference(owner)], finalizers=finalizers)
    core.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=meta))
    return owner.metadata.name, meta.name


def checks(core):
    def background():
        core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))
        owner, dependent = owner_and_dependent(core, "bg")
        status = core.delete_namespaced_config_map(owner, NS, propagation_policy="Background")
        owner_read = api_error(lambda: core.read_namespaced_config_map(owner, NS))
        return {"status": status.status, "owner_read": owner_read["status"], "dependent_gone": wait_for(lambda: gone(core, dependent))}

    def foreground():
        # The dependent's own finalizer holds it, so the owner's foreground wait is observable before it ends.
        owner, dependent = owner_and_dependent(core, "fg", [HOLD])
        core.delete_namespaced_config_map(owner, NS, body=client.V1DeleteOptions(propagation_policy="Foreground"))
        waiting = core.read_namespaced_config_map(owner, NS)
        held = wait_for(lambda: (lambda d: d if d.metadata.deletion_timestamp else None)(core.read_namespaced_config_map(dependent, NS)))
        still_waiting = core.read_namespaced_config_map(owner, NS)
        core.patch_namespaced_config_map(dependent, NS, [{"op": "remove", "path": "/metadata/finalizers"}])
        return {
            "owner_finalizers": waiting.metadata.finalizers,
            "owner_deleting": waiting.metadata.deletion_timestamp is not None,
            "dependent_finalizers": held.metadata.finalizers,
            "owner_waits_for_dependent": still_waiting.metadata.finalizers,
            "dependent_gone": wait_for(lambda: gone(core, dependent)),
            "owner_gone": wait_for(lambda: gone(core, owner)),
        }

    return [
        ("gc.propagation_policy Background", background),
        ("gc.propagation_policy Foreground", foreground),
    ]
