"""Subresources and reviews Python users call: eviction, binding, tokens, access reviews, status, finalize, scale."""
from kubernetes import client

from report import api_error, type_name

NS = "py-sub"


def pod(name):
    return client.V1Pod(metadata=client.V1ObjectMeta(name=name), spec=client.V1PodSpec(containers=[client.V1Container(name="c", image="nginx:1")]))


def checks(api_client):
    core = client.CoreV1Api(api_client)
    apps = client.AppsV1Api(api_client)
    authz = client.AuthorizationV1Api(api_client)

    def eviction_and_binding():
        core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))
        core.create_namespaced_pod(NS, pod("evicted"))
        evicted = core.create_namespaced_pod_eviction("evicted", NS, client.V1Eviction(metadata=client.V1ObjectMeta(name="evicted")))
        core.create_namespaced_pod(NS, pod("bound"))
        # The server answers a binding with a Success Status, which 22.6 decodes as its declared V1Binding, whose
        # `target` is required: the call raises although the pod was bound, as it does against any cluster.
        try:
            core.create_namespaced_pod_binding("bound", NS, client.V1Binding(metadata=client.V1ObjectMeta(name="bound"), target=client.V1ObjectReference(kind="Node", name="n-1")))
            binding = "returned"
        except ValueError as err:
            binding = str(err)
        return {
            "eviction": [type_name(evicted), evicted.kind],
            "evicted_pod": api_error(lambda: core.read_namespaced_pod("evicted", NS))["status"],
            "binding": binding,
            "bound_to": core.read_namespaced_pod("bound", NS).spec.node_name,
        }

    def tokens_and_reviews():
        request = client.AuthenticationV1TokenRequest(spec=client.V1TokenRequestSpec(audiences=["py"], expiration_seconds=3600))
        token = core.create_namespaced_service_account_token("default", NS, request)
        review = client.AuthenticationV1Api(api_client).create_token_review(client.V1TokenReview(spec=client.V1TokenReviewSpec(token=token.status.token, audiences=["py"])))
        attributes = client.V1ResourceAttributes(verb="get", resource="pods", namespace=NS)
        ssar = authz.create_self_subject_access_review(client.V1SelfSubjectAccessReview(spec=client.V1SelfSubjectAccessReviewSpec(resource_attributes=attributes)))
        rules = authz.create_self_subject_rules_review(client.V1SelfSubjectRulesReview(spec=client.V1SelfSubjectRulesReviewSpec(namespace=NS)))
        return {
            "token_type": type_name(token),
            "token_expires": token.status.expiration_timestamp is not None,
            "review": {"authenticated": review.status.authenticated, "user": review.status.user.username, "audiences": review.status.audiences},
            "self_access_allowed": ssar.status.allowed,
            "rules_review_type": type_name(rules),
        }

    def status_finalize_and_scale():
        core.create_node(client.V1Node(metadata=client.V1ObjectMeta(name="py-node")))
        node = core.patch_node_status("py-node", {"status": {"conditions": [{"type": "Ready", "status": "True"}]}})
        finalized = core.replace_namespace_finalize(NS, client.V1Namespace(metadata=client.V1ObjectMeta(name=NS), spec=client.V1NamespaceSpec(finalizers=["kubernetes"])))
        labels = {"app": "scaled"}
        template = client.V1PodTemplateSpec(metadata=client.V1ObjectMeta(labels=labels), spec=pod("t").spec)
        selector = client.V1LabelSelector(match_labels=labels)
        apps.create_namespaced_stateful_set(NS, client.V1StatefulSet(metadata=client.V1ObjectMeta(name="sts"), spec=client.V1StatefulSetSpec(selector=selector, service_name="sts", template=template)))
        apps.create_namespaced_replica_set(NS, client.V1ReplicaSet(metadata=client.V1ObjectMeta(name="rs"), spec=client.V1ReplicaSetSpec(selector=selector, template=template)))
        sts = apps.patch_namespaced_stateful_set_scale("sts", NS, {"spec": {"replicas": 2}})
        rs = apps.replace_namespaced_replica_set_scale("rs", NS, client.V1Scale(metadata=client.V1ObjectMeta(name="rs", namespace=NS), spec=client.V1ScaleSpec(replicas=4)))
        hpa = client.AutoscalingV1Api(api_client).create_namespaced_horizontal_pod_autoscaler(NS, client.V1HorizontalPodAutoscaler(
            metadata=client.V1ObjectMeta(name="hpa"),
            spec=client.V1HorizontalPodAutoscalerSpec(scale_target_ref=client.V1CrossVersionObjectReference(api_version="apps/v1", kind="StatefulSet", name="sts"), max_replicas=3)))
        return {
            "node_conditions": [[c.type, c.status] for c in node.status.conditions],
            "finalize": [type_name(finalized), finalized.spec.finalizers],
            "statefulset_scale": [type_name(sts), sts.spec.replicas, apps.read_namespaced_stateful_set("sts", NS).spec.replicas],
            "replicaset_scale": [rs.spec.replicas, rs.status.selector],
            "hpa_v1": [type_name(hpa), hpa.spec.min_replicas, hpa.spec.max_replicas],
        }

    return [
        ("subresources.eviction and binding", eviction_and_binding),
        ("subresources.service account token and reviews", tokens_and_reviews),
        ("subresources.status, finalize and scale", status_finalize_and_scale),
    ]
