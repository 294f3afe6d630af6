"""Runs every check against the cluster of a kubeconfig (see report.py for the output).

Usage: run_checks.py KUBECONFIG CONFIGMAPS_WATCH_CACHE_SIZE KINDS_JSON KINDS_NAMESPACE
"""
import os
import sys
import tempfile

from kubernetes import client, config

import apps_checks
import core_checks
import crd_checks
import dynamic_checks
import every_kind_checks
import gc_checks
import subresource_checks
import watch_checks
from report import run_checks, type_name


def version_checks(api):
    def get_code():
        info = api.get_code()
        return {"type": type_name(info), "major": info.major, "minor": info.minor, "git_version": info.git_version}

    return [("version.get_code", get_code)]


def main(kubeconfig, watch_cache_events, kinds_file, kinds_namespace):
    config.load_kube_config(config_file=kubeconfig)
    api = client.ApiClient()
    run_checks(version_checks(client.VersionApi(api)))
    core = client.CoreV1Api(api)
    run_checks(core_checks.checks(core))
    run_checks(apps_checks.checks(core, client.AppsV1Api(api)))
    run_checks(watch_checks.checks(core, watch_cache_events))
    run_checks(crd_checks.checks(core, client.ApiextensionsV1Api(api), client.CustomObjectsApi(api)))
    run_checks(gc_checks.checks(core))
    run_checks(subresource_checks.checks(api))
    with tempfile.TemporaryDirectory() as cache:
        run_checks(dynamic_checks.checks(api, os.path.join(cache, "discovery.json")))
    run_checks(every_kind_checks.checks(api, kinds_file, kinds_namespace))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4])
