"""AppsV1Api: a Deployment's defaults, strategic merge of its containers, the scale and status subresources."""
from kubernetes import client

from report import type_name

NS = "py-apps"


def deployment(name):
    labels = {"app": name}
    containers = [client.V1Container(name="a", image="nginx:1"), client.V1Container(name="b", image="busybox:1")]
    return client.V1Deployment(
        metadata=client.V1ObjectMeta(name=name),
        spec=client.V1DeploymentSpec(
            replicas=1,
            selector=client.V1LabelSelector(match_labels=labels),
            template=client.V1PodTemplateSpec(metadata=client.V1ObjectMeta(labels=labels), spec=client.V1PodSpec(containers=containers)),
        ),
    )


def images(dep):
    return [[c.name, c.image] for c in dep.spec.template.spec.containers]


def checks(core, apps):
    def create_and_read():
        core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))
        created = apps.create_namespaced_deployment(NS, deployment("web"))
        read = apps.read_namespaced_deployment("web", NS)
        return {
            "type": type_name(created),
            "generation": read.metadata.generation,
            "strategy": read.spec.strategy.type,
            "max_surge": read.spec.strategy.rolling_update.max_surge,
            "revision_history_limit": read.spec.revision_history_limit,
            "progress_deadline_seconds": read.spec.progress_deadline_seconds,
            "image_pull_policy": read.spec.template.spec.containers[0].image_pull_policy,
            "containers": images(read),
        }

    def strategic_merge_of_containers():
        # Containers merge by name under a strategic merge patch: b stays (a merge patch would replace the list).
        patch = {"spec": {"template": {"spec": {"containers": [{"name": "a", "image": "nginx:2"}]}}}}
        patched = apps.patch_namespaced_deployment("web", NS, patch)
        return {"containers": images(patched), "generation": patched.metadata.generation}

    def scale():
        patched = apps.patch_namespaced_deployment_scale("web", NS, {"spec": {"replicas": 3}})
        read = apps.read_namespaced_deployment_scale("web", NS)
        return {
            "type": type_name(patched),
            "patched_replicas": patched.spec.replicas,
            "read_replicas": read.spec.replicas,
            "selector": read.status.selector,
            "deployment_replicas": apps.read_namespaced_deployment("web", NS).spec.replicas,
        }

    def status():
        before = apps.read_namespaced_deployment_status("web", NS)
        patched = apps.patch_namespaced_deployment_status("web", NS, {"status": {"replicas": 3, "observedGeneration": 3}})
        # The main resource ignores status; the status subresource ignores spec.
        apps.patch_namespaced_deployment("web", NS, {"status": {"replicas": 9}})
        apps.patch_namespaced_deployment_status("web", NS, {"spec": {"replicas": 7}})
        after = apps.read_namespaced_deployment_status("web", NS)
        return {
            "type": type_name(before),
            "status_type": type_name(before.status),
            "replicas_before": before.status.replicas,
            "patched_replicas": patched.status.replicas,
            "after": {"replicas": after.status.replicas, "observed_generation": after.status.observed_generation, "spec_replicas": after.spec.replicas},
        }

    return [
        ("apps.deployment create and read", create_and_read),
        ("apps.deployment strategic merge of containers", strategic_merge_of_containers),
        ("apps.deployment scale subresource", scale),
        ("apps.deployment status subresource", status),
    ]
